# The windows: first start, about, the quick menu, paste, notices, game over, rules and
# shortcuts.

## The first start

welcome-title = Reversi へようこそ
welcome-intro = エンジンとの対局のしかたを選んでください。ここで選んだものは、あとで「設定」からいつでも変更できます。
welcome-you-play = あなたの色
welcome-black = 黒（先手）
welcome-white = 白
welcome-engine = エンジン
welcome-easiest = いちばんやさしい
welcome-strongest = いちばん強い
# $name is the level's name, $about what it does.
welcome-level = { $name }: { $about }
welcome-help = 盤上のヒント
welcome-hints-off = 盤には何も表示しません。ヒントなしのふつうの対局です。
welcome-hints-moves = 打てるマスすべてに点を表示します。
welcome-hints-scores = エンジンが読んだ各手の評価値を表示します。答えがわかってしまいます。
welcome-play = 対局開始

## About

about-title = Reversi について
about-heading = Reversi { $version }
about-description = リバーシ（オセロ）のデスクトップゲームとエンジンです。ビットボード、MTD(f)、終盤の完全読みソルバー、デザイナーが編集できる評価テーブルを使っています。
about-built = Rust、Bevy、egui で作られています。ライセンスは MIT OR Apache-2.0 です。
about-crates = 使用しているオープンソースのクレート（{ $count }）
about-font = 日本語の文字: Noto Sans CJK JP（SIL Open Font License 1.1）。ゲームで使う文字だけのサブセットです。

## The quick menu (Esc)

quick-menu-title = メニュー
quick-new-game = 新規対局
quick-undo = 元に戻す
quick-open = 対局を開く...
quick-save = 対局を保存...
quick-settings = 設定...
quick-rules = ルールとショートカット
quick-quit = 終了
quick-esc = Esc でこのメニューを閉じます。

## Paste

paste-title = 対局・局面の貼り付け
paste-intro = 棋譜（f5d6c3...）、OBF の局面（X、O、- による64マスと手番）、または GGF の対局を入力してください:
paste-from-clipboard = クリップボードから貼り付け
paste-load = 読み込む

## Practice
# $source is where the card came from: the date and time of a game, or a file's name; $ply
# the move's number in its game.

practice-title = 練習
practice-empty = まだ問題がありません。対局を検討し（ゲーム > 対局を検討）、サイドパネルの「…の悪手を練習」を押すと、悪手がここで問題になります。
practice-summary = 問題 { $cards } 問、今の出題 { $due } 問
practice-start = 始める
practice-ahead = 先取りで練習
practice-making = 問題を作成中：悪手 { $mistakes } 手のうち { $scored } 手を評価
practice-find = { $side ->
    [black] 黒
   *[white] 白
}番：最善手を見つけてください
practice-source = 出典：{ $source }、{ $ply } 手目
practice-values-exact = 評価は完全読み
practice-values-depth = 評価は深さ { $depth } の探索
practice-click = マスをクリックして答えてください。
practice-right = 正解：{ $chosen } は最善手です（{ $score }）。
practice-wrong = 残念：{ $chosen }（{ $score }）は { $loss } 石損です。最善手：{ $best }（{ $best_score }）。
practice-played = 対局では { $played } を打ち、{ $loss } 石損しました。
practice-due-minutes = { $minutes } 分後にまた出題します。
practice-due-hours = { $hours } 時間後にまた出題します。
practice-due-days = { $days } 日後にまた出題します。
practice-finding-line = 最善進行を探しています...
practice-line = 最善進行：{ $moves }
practice-step = { $plies } 手中 { $step } 手目：黒 { $black }、白 { $white }
practice-next = 次の問題
practice-skip = とばす
practice-remove = 問題を削除
practice-remove-hover = この問題を練習から完全に外します。
practice-tab-cards = 自分の悪手
practice-tab-positions = 局面
practice-positions-intro = エンジンの対局から、評価値が選んだ範囲にある局面を出します。盤上で手番側を持ち、{ $level } と対戦します。対局が終わると、結果を局面の評価値と比べて表示します。
practice-opponent = 相手：
practice-opponent-hover = この局面をあなたと打つレベルです。最も強いレベルなら局面の評価値どおりに打てるかが分かり、弱いレベルならやさしい対局になります。
practice-empties = 空きマス：
practice-range = 評価値：
practice-range-even = 互角（-2～+2）
practice-range-winning = 勝ちきる（+6～+12）
practice-range-losing = しのぐ（-12～-6）
practice-range-any = すべて
practice-from = 下限
practice-to = 上限
practice-matching = 該当する局面：{ $count }
practice-play = 局面を打つ
practice-playing = 盤上は練習局面です。評価値は対局の終わりに表示します。
practice-no-position = その空きマス数でその評価値の練習局面はありません。
practice-precision-exact = 値は完全読みで正確です。
practice-precision-depth = 値は { $depth } 手の読みで、完全読みではありません：4 手深く読むと平均で約 1 石変わり、正確な値から数石ずれることもあります。
practice-precision-mixed = { $count } 局面のうち { $solved } 局面の値は{ $how ->
    [exact] 完全読みで正確です
   *[selective] 確率カットつきの終局までの読みです
}。残りは { $depth } 手の読みで、数石ずれることがよくあります。
practice-precision-selective = 値は確率カットつきの終局までの読み（{ $sure }）です：24 空きで完全読みと比べると、91% が正確で、残りの多くは 2 石ずれていました。
practice-precision-margin = 読みの値は、範囲の上下から 1 石以上内側にあるときだけ使います（4 手深く読み直すと、そのうち 97% が範囲に残りました。すべてでは 86%）。
practice-position-source = 練習局面（空き { $empties }）
practice-result = 練習：結果は { $result }、局面の評価値はあなたから見て { $worth }（{ $exact ->
    [yes] 完全読み
    [selective] 確率カットつきの終局までの読み（{ $sure }）
   *[no] 深さ { $depth }
}）でした。{ $lost ->
    [0] 評価値を保ちました。
   *[other] { $lost } 石を失いました。
}
practice-tab-strength = 棋力
strength-empty = エンジンと打ち終えた対局を検討すると（終局後に「ゲーム > 対局を検討」）、ここに棋力が表示されます。あなたの各手の、最善手に対する損失を数えます。
strength-none-rated = 検討した対局のうち、まだ数えられるものがありません。ヒントを切り、待ったなしで、最初からエンジンと打った対局が数えられます。
strength-games = 最近検討した対局（レーティングが動くのはヒントも待ったもない対局だけです）：
strength-counted = 数える
strength-not-counted = 数えない：{ $why }
strength-why-hints = ヒントあり
strength-why-takebacks = 待った { $n } 回
strength-why-set-up = 開いた・配置した対局で、最初から打っていない
strength-rating = 約 { $rating }（95%：{ $low }～{ $high }）
strength-from = 直近 { $games } 局の { $moves } 手から：1 手あたり平均 { $loss } 石損。
strength-between = エンジンの段階では { $below }（{ $below_rating }）と { $above }（{ $above_rating }）の間です。
strength-top = { $level }（{ $rating }）以上です。
strength-bottom = { $level }（{ $rating }）以下です。
strength-line = あなたのレーティング
strength-points = 1 局
strength-graph-hover = 点は 1 局ごとのレーティング、線は直近の対局をまとめた値、灰色の線はエンジンの各レベルです。
strength-people = 大会の人の中で：WTHOR の尺度で約 { $elo } です。
strength-people-below = 大会の人の中で：WTHOR の { $elo } の範囲より下です。
strength-people-above = 大会の人の中で：WTHOR の { $elo } の範囲より上です。
strength-people-hover = WTHOR の人が1手に損した石の数（エンジンが対局を読んだもの：config/people.ron）から範囲ごとに読みます。1500 は結果が平均の人です。
practice-tab-openings = 定石
drill-intro = 名前のある定石を練習します。その局面から、あなたの手番で始まります。エンジンは定石ブックから毎回少し変えて応じます。ブックが続く限り、ブックから外れないように打ってください。
drill-start = { $opening } を練習
drill-source = { $opening } の定石練習
drill-on = { $opening } を練習中：ブックの手 { $moves } 手。
drill-done = { $opening }：ブックはここまでです。あなたのブックの手は { $moves } 手でした。よく打てました。
drill-left = { $played }（{ $value }）でブックから外れました。最善の { $best }（{ $best_value }）より { $loss } 石損です。取り消し（Ctrl+Z）でやり直せます。
drill-left-unknown = { $played } でブックから外れました。ブックにない手です。ブックの最善は { $best }（{ $best_value }）です。取り消し（Ctrl+Z）でやり直せます。
drill-board = 盤面の手順を練習（{ $moves } 手）
drill-board-unknown = 盤面の局面にはブックの手がありません。まずブックにある手順を打つか読み込んでください。
drill-retry = 取り消してやり直す
practice-cards-added = 練習問題を { $added } 問追加しました{ $known ->
    [0] {""}
   *[other] （{ $known } 問は登録済み）
}
practice-no-mistakes = その側に練習する悪手はありません。

## Notices and game over

notice-title = お知らせ
notice-ok = OK
game-over-title = 対局終了
game-over-won = おめでとうございます。あなたの勝ちです。
game-over-lost = この対局はエンジンの勝ちです。
game-over-draw = 引き分けです。
game-over-new = 新規対局
game-over-close = 閉じる

## Rules and shortcuts (F1)

help-title = ルールとショートカット
help-rules = ルール
help-rules-text = 黒が先手です。縦・横・斜めの一直線上で、相手の石を1つ以上、自分の石ではさむように石を置きます。はさんだ石はすべて返して自分の色になります。打てるマスがなければパスです。どちらも打てなくなると対局は終わり、石の多い方が勝ちです（空きマスは勝った方の石として数えます）。
help-playing = 対局のしかた
help-playing-text = マスをクリックするとそこに打ちます。矢印キーや Tab でカーソルを動かし、Enter で打つこともできます。ヒントは打てる手と評価値を示します。評価値は各手を打ったときの終局の石差をあなたから見た値で表し（終局まで読み切った完全読みは金色）、最善手を丸で囲みます。棋譜の手をクリックするとその局面を表示し、そこから打つか、続けることができます。エンジン対エンジンでは「一時停止」と「1手進める」でエンジンを操作します。エンジンはあなたの手番中にも考えます（先読み。「設定」で変更できます）。
help-shortcuts = ショートカット
key-arrows = 矢印キー
key-enter-space = Enter、Space
key-delete = Delete
shortcut-new = 新規対局
shortcut-undo = 元に戻す（エンジンとの対局では自分の直前の手まで）
shortcut-redo = やり直す
shortcut-copy = 棋譜をコピー
shortcut-paste = 棋譜、OBF の局面、GGF の対局を貼り付け
shortcut-library = 自分の対局のライブラリ
shortcut-hints = ヒント: なし・打てる手・評価値
shortcut-best-line = エンジンの最善手順を数字付きの石で盤上に表示する・消す
shortcut-sound = 効果音のオン・オフ
shortcut-arrows = 盤のカーソルを動かす
shortcut-tab = カーソルを次・前の打てる手へ
shortcut-enter = カーソルのマスに打つ（エディタでは置く）
shortcut-delete = エディタ: カーソルのマスを空にする
shortcut-f1 = このウィンドウ
shortcut-f10 = メニューバー: 矢印キーで選ぶ、Enter で開く、Esc で閉じる
shortcut-esc = ウィンドウを閉じる、またはメニューを開く
shortcut-zoom = 文字を大きく・小さく

## Opening and saving games
# $error says what went wrong, in English (it comes from the system or the file reader).

file-save-title = 対局を保存
file-open-title = 対局を開く
file-save = 保存
file-open = 開く
file-filter-games = オセロの対局（GGF、棋譜）
file-filter-all = すべてのファイル
file-prompt = ファイル（.ggf なら GGF、それ以外は棋譜）:
file-saved = { $path } に保存しました。
file-not-saved = 保存しませんでした。
file-nothing-opened = 何も開きませんでした。
file-save-failed = 保存できませんでした: { $error }。
file-open-failed = 対局を開けませんでした: { $error }。対局は変わっていません。
file-open-recent-failed = 対局を開けませんでした: { $error }。対局は変わっていません。このファイルは最近の一覧から外しました。
file-no-dialog = システムのファイルダイアログが応答しないため、ゲーム内でパスを入力します。

## Notices
# $path is a file's path; $error and $move_error say what went wrong, in English (they come
# from the system or the file reader); $kept is the path a damaged file was renamed to.

settings-unreadable = 設定ファイル { $path } を読み込めませんでした（{ $error }）。標準の設定で始め、ファイルはそのままにしています。今回の変更は保存されません。
settings-damaged-kept = 設定ファイル { $path } を使えませんでした（{ $error }）。標準の設定で始めました。元のファイルは { $kept } として残しています。
settings-damaged-left = 設定ファイル { $path } を使えませんでした（{ $error }）。標準の設定で始めました。ファイルを別の名前にできなかったため（{ $move_error }）、そのままにしています。
settings-save-failed = 設定を { $path } に保存できませんでした: { $error }
book-unreadable = 定石ブック { $path } を読み込めませんでした（{ $error }）。標準の定石ブックを使い、ファイルはそのままにしています。
book-damaged-kept = 定石ブック { $path } を使えませんでした（{ $error }）。標準の定石ブックを使います。元のファイルは { $kept } として残しています。
book-damaged-left = 定石ブック { $path } を使えませんでした（{ $error }）。標準の定石ブックを使います。ファイルを別の名前にできなかったため（{ $move_error }）、そのままにしています。
book-save-failed = 定石ブック { $path } を保存できませんでした（{ $error }）。
practice-unreadable = 練習問題のファイル { $path } を読めませんでした（{ $error }）。ファイルはそのままにし、この間は新しい問題を保存しません。
practice-damaged-kept = 練習問題のファイル { $path } を使えませんでした（{ $error }）。新しい問題集を始めました。元のファイルは { $kept } として残しています。
practice-damaged-left = 練習問題のファイル { $path } を使えませんでした（{ $error }）。新しい問題集を始めました。元のファイルを移動できず（{ $move_error }）、そのままにしています。
practice-save-failed = 練習問題を { $path } に保存できませんでした：{ $error }
strength-unreadable = 検討済みの対局のファイル { $path } を読めませんでした（{ $error }）。ファイルはそのままにし、この間は新しい対局を保存しません。
strength-damaged-kept = 検討済みの対局のファイル { $path } を使えませんでした（{ $error }）。新しい履歴を始めました。元のファイルは { $kept } として残しています。
strength-damaged-left = 検討済みの対局のファイル { $path } を使えませんでした（{ $error }）。新しい履歴を始めました。元のファイルを移動できず（{ $move_error }）、そのままにしています。
strength-save-failed = 検討済みの対局を { $path } に保存できませんでした：{ $error }
game-unreadable = 対局中のファイル { $path } を読めませんでした（{ $error }）。ファイルはそのままにし、この間の対局は保存しません。
game-damaged-kept = 対局中のファイル { $path } を使えませんでした（{ $error }）。新しい対局を始めました。元のファイルは { $kept } として残しています。
game-damaged-left = 対局中のファイル { $path } を使えませんでした（{ $error }）。新しい対局を始めました。元のファイルを移動できず（{ $move_error }）、そのままにしています。
game-save-failed = 対局を { $path } に保存できませんでした：{ $error }
book-learned = この対局を定石ブックに学習しました（{ $positions }局面を探索）
sound-no-device = オーディオ機器が見つからないため、音は出ません。機器をつないでゲームを再起動すると音が出ます。または「設定」でサウンドをオフにしてください。
moves-bad = --moves: { $error }
graphics-none-title = Reversi のウィンドウを描画できません
graphics-none = このコンピューターのグラフィックスドライバーから描画用のデバイスを得られませんでした(試したもの: { $tried })。グラフィックスカードのドライバーを更新すると、たいてい直ります。仮想マシンでは 3D アクセラレーションを有効にしてください。
book-title = 定石ブック
book-none = この局面にはブックの手がありません。
book-position = ブックでは手番側から見て { $value }、この局面を通る手順は { $lines } 本です。{ $opening }
book-col-move = 手
book-col-value = 評価値
book-col-from = 出典
book-col-lines = 手順数
book-col-games = 勝ち / 引き分け / 負け
book-from-line = ブックの手順
book-from-search = 探索（深さ { $depth }）
book-from-exact = 完全読み
book-import-edax = Edax のブックを取り込む...
book-export-edax = Edax 形式で書き出す...
edax-importing = Edax のブック { $path } を読み込んでいます...
edax-exporting = ブックを { $path } に書き出しています...
edax-imported = { $path } から { $positions } 局面を読み込みました（新しい局面 { $new }）。エンジンとヒントはすぐに使い、あなたのブックにも保存します。
edax-exported = ブックの { $positions } 局面を Edax 形式で { $path } に書き出しました（{ $bytes } バイト）。
edax-busy = Edax のブックを読み書きしている途中です。終わってからもう一度お試しください。
edax-failed = 何も取り込まず、書き出していません: { $error }
book-add-line = この手順を追加
book-add-line-tip = 初期局面から盤上の局面までをあなたのブックに加えます。新しい局面は深い方から順に探索され（深さ 14）、上の評価値もそれに従います。
book-undo = 最後の変更を取り消す
book-adding = 手順を追加中: { $all } 局面中 { $done }
book-stop = 中止
book-from-hand = 手動で設定
book-edit = 編集
book-edit-value = この手を打つ側から見た評価値:
book-set-value = この値に設定
book-clear-value = 手動の値を消す
book-remove-move = この手と、この手からしか行けない局面を削除
book-edit-busy = ブックは使用中です（対局の学習、Edax ブックや手順の追加）。終わってからもう一度どうぞ。
book-value-set = { $square } の評価値をあなたのブックで { $value } にしました。
book-value-cleared = { $square } の評価値はブック本来の値に戻りました。
book-move-removed = { $square } をあなたのブックから削除しました（{ $positions } 局面）。
book-line-added = 手順をあなたのブックに加えました: { $searched } 局面を探索、新規 { $new }。
book-line-stopped = 手順は追加されませんでした（中止）。
book-undone = ブックへの最後の変更を取り消しました。
book-nothing-to-undo = 取り消せるブックの変更はありません。
file-import-book-title = Edax のブックを取り込む
file-export-book-title = ブックを Edax 形式で書き出す
file-import = 取り込む
file-export = 書き出す
file-filter-edax-books = Edax のブック
file-prompt-edax = Edax のブックファイル（book.dat）:
file-prompt-image = イメージの PNG ファイル（board.png）:
database-title = 棋譜データベース
database-choose = フォルダを選ぶ...
database-no-folder = フォルダはまだ選ばれていません。
database-explain = フランスオセロ連盟の WTHOR ファイル（1977 年以降の公式戦の棋譜: WTH_1977.wtb ... WTH_2025.wtb、対局者の WTHOR.JOU、大会の WTHOR.TRN）をダウンロードしたフォルダから読みます。初回は棋譜に索引を作ります（進み具合はバーで表示）。索引は同じフォルダに保存されます。
database-folder = { $dir }: { $games } 局
database-reading-index = 索引を読み込み中...
database-reading = WTHOR ファイルを読み込み中: { $files } 個中 { $done }
database-indexing = 棋譜の索引を作成中: { $games } 局中 { $done }
database-from-index = 索引（{ $file }）から読み込みました。
database-built = WTHOR ファイルから読み込みました（{ $why }）。次回のために索引 { $file } を書き出しました。
database-built-unsaved = WTHOR ファイルから読み込みました（{ $why }）。索引を書き出せなかったため（{ $error }）、次回も読み直します。
database-opened = 棋譜データベースを開きました: { $dir } の { $games } 局。
database-player = 対局者:
database-years = 年:
database-any-year = 指定なし
database-clear = 解除
database-none-here = この局面に達した棋譜はありません。
database-position = この局面に達した棋譜は { $games } 局。ここで打たれた手と、その手を打った側の結果:
database-col-move = 手
database-col-games = 局数
database-col-share = 割合
database-col-score = 勝率
database-col-discs = 平均石差
database-col-engine = エンジン
database-col-book = ブック
database-games = 棋譜（{ $games } 局中、最初の { $shown } 局）:
database-open = 開く
database-game-source = { $black } - { $white }、{ $tournament } { $year }
library-title = ライブラリ
library-folder = 対局は { $dir } に保存されています
library-no-folder = この起動ではファイルを保存しないため、対局は残りません。
library-reading = 対局を読み込み中：{ $games } 局中 { $done } 局
library-unreadable = { $files } 個のファイルを読めませんでした。最初のもの：{ $first }
library-no-record = まだエンジンとの対局がありません。
library-record = レベルごとの結果
library-col-level = レベル
library-col-score = 勝率
library-won = 勝ち
library-drawn = 引き分け
library-lost = 負け
library-unfinished = 未終局
library-level = レベル：
library-result = 結果：
library-opening = 定石：
library-date = 日付：
library-any = すべて
library-clear = クリア
library-listed = { $games } 局中 { $shown } 局：
library-col-date = 日付
library-col-players = 黒 - 白
library-col-result = 結果
library-col-opening = 定石
library-col-moves = 手数
library-you = あなた
library-open = 開く
library-open-hint = 盤上で対局を開いて見直し・検討します。ゲーム > 保存 で GGF や棋譜として書き出せます。
library-copy-moves = 棋譜
library-copied-moves = 対局の棋譜をクリップボードにコピーしました。
library-copied-ggf = 対局の GGF をクリップボードにコピーしました。
library-delete = 削除
library-delete-sure = 削除しますか？
library-deleted = { $path } を削除しました。
library-game-source = { $date } の対局
file-database-title = WTHOR ファイルのフォルダ
file-choose = 選ぶ
file-prompt-database = WTHOR ファイル（.wtb）のフォルダ:
file-not-a-folder = { $path } はフォルダではありません。
image-title = 盤面のイメージ
image-coordinates = 座標
image-hints = ヒント
image-hints-tip = ヒントの評価値。まだない時は打てる場所に点を表示します。
image-last-move = 最後の手
image-size = サイズ：
image-pixels = ピクセル
image-copy = イメージをコピー
image-save = PNGで保存...
image-copied = 盤面のイメージ（{ $size } × { $size } ピクセル）をコピーしました。
file-save-image-title = 盤面をPNGで保存
file-filter-images = PNGイメージ
other-engine-test-passed = { $name } は初期局面で { $square } と { $seconds } 秒で答えました。
other-engine-thinking = { $name } が思考中...
other-engine-illegal = { $square } と答えましたが、ここでは打てない手です
other-engine-failed-status = { $name } が止まりました。このゲームのエンジンが続けて打ちます。
other-engine-failed = 別のエンジン { $name } が止まりました: { $error }。設定を変えるかテストが通るまで、このゲームのエンジンが打ちます。
other-engine-hints-failed-status = { $name } はヒントを出せませんでした。このゲームのエンジンが出します。
other-engine-hints-failed = 別のエンジン { $name } がヒントで止まりました: { $error }。設定を変えるかテストが通るまで、ヒントはこのゲームのエンジンが出します。対局の設定があれば、対局は続けます。
