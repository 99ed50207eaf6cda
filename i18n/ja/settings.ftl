# The settings window and the names of the choices it offers.

settings-title = 設定
settings-saved = 設定は変更するとすぐに保存されます。

## The choices' names

mode-human-vs-engine = 人間対エンジン
mode-human-vs-human = 人間対人間
mode-engine-vs-engine = エンジン対エンジン
hints-off = なし
hints-moves = 打てる手
hints-scores = 評価値
animation-off = なし
animation-slow = ゆっくり
animation-normal = 標準
animation-fast = 速い
theme-classic = クラシック（緑）
theme-ocean = オーシャン（青）
theme-high-contrast = ハイコントラスト
theme-colour-blind = 見分けやすい色
ponder-all-replies = あなたのすべての応手
ponder-predicted = 予想したあなたの手
clock-off = なし
# A time control: $minutes for each side, $increment seconds added after each move.
clock-minutes = { $minutes }分
clock-minutes-increment = { $minutes }分 + { $increment }秒
language-system = システム（{ $language }）

## The rows

settings-game = 対局
settings-colour = あなたの色
settings-black = 黒（先手）
settings-white = 白
settings-difficulty = 強さ
# A level in the list: $number its place on the ladder, $name its name.
settings-level-item = { $number }. { $name }
settings-hints = ヒント（H）
settings-hints-about = 評価値: 打てる各手の評価値を石差で表示し（完全読みは金色）、最善手を丸で囲みます。
settings-hint-strength = ヒントの強さ
hint-strength-quick = 速い
hint-strength-normal = 標準
hint-strength-deep = 深い
hint-strength-quick-about = 1 局面あたり約 { $seconds } 秒：評価値はすぐに出てコンピューターもあまり動きませんが、深くは読みません。
hint-strength-normal-about = 1 局面あたり約 { $seconds } 秒：持ち時間のある最強レベルが 1 手に考えるのと同じくらいです。
hint-strength-deep-about = 1 局面あたり最大 { $seconds } 秒：より深い評価値ですが、考えている間はエンジンのスレッドがすべて動きます。
settings-clocks = 持ち時間
settings-clocks-about = 次の対局からの各側の持ち時間と、1手ごとに加わる秒数です。エンジンも持ち時間内で打ちます。
settings-designer = デザイナー
settings-designer-view = デザイナー表示
settings-designer-about = 自分の評価テーブル（設定の横のフォルダ。最初は空で、標準のテーブルを使います）で対局し、エンジンが局面をどう評価するかがわかります。テーブルの値はそのフォルダで編集します。reversi --config DIR を使うと、どのフォルダでも同じことができます。
settings-files = ファイル
settings-system-dialogs = システムのファイルダイアログを使う
settings-files-about = オフのとき、またはダイアログが使えないときは、「開く」と「保存」でゲーム内でパスを入力します。
settings-book = 定石ブック
settings-learn = 終わった対局から学習する
settings-book-about = 終わった対局の序盤を探索して定石ブックに加えるので、負けた手順はもう打ちません。
settings-pondering = 先読み
settings-ponder = あなたの手番中もエンジンが考える
settings-ponder-hints = 評価値のヒントがオンのときは、あなたの手の評価が先読みを兼ねます。
settings-animation = アニメーション
settings-sound = サウンド
settings-sounds = 効果音
settings-quiet = ウィンドウが後ろにあるときは音を出さない
settings-text-size = 文字の大きさ
settings-text-size-about = メニュー、パネル、ウィンドウの文字です。Ctrl+Plus と Ctrl+Minus でも変更できます。
settings-language = 言語
settings-language-about = ゲームの表示言語です。盤の座標と手は a1-h8 のままです。
settings-board = 盤
settings-memory = エンジンのメモリ
settings-memory-hover = 置換表の大きさ: 大きいほど多くの局面を保存できます
settings-threads = エンジンのスレッド数
settings-threads-all-but-one = { $threads }（1つを除く全コア）
settings-threads-hover = エンジンが思考に使うコアの数です（このマシンは{ $cores }コア）。盤の動きをなめらかに保つため、1コアを残します

## Levels

level-beginner = 入門
level-beginner-about = 1手先まで読みますが、もっと良い手があっても悪い手をよく打ちます。
level-novice = 初級
level-novice-about = 1手先まで読み、たいていは良い手を選びます。
level-monte-carlo = モンテカルロ
level-monte-carlo-about = 1手に約1秒、各手から多数のランダムな対局を最後まで打ち、最もよく勝つ手を選びます。空きマス10から勝ちがあれば必ず見つけます。
level-casual = カジュアル
level-casual-about = 2手先まで読みます。まずまずの手を打ちますが、ときどき大悪手を打ちます。
level-club = クラブ
level-club-about = 3手先まで読みます。小さな悪手しか打ちません。
level-intermediate = 中級
level-intermediate-about = 4手先まで読み、ほとんど損をせず、最後の10手は完全に打ちます。
level-advanced = 上級
level-advanced-about = 5手先まで読んで見つけた最善手を必ず打ちます。空きマス12から完全読みします。
level-expert = エキスパート
level-expert-about = 7手先まで読みます。空きマス14から完全読みします。
level-master = マスター
level-master-about = 9手先まで読みます。空きマス16から完全読みします。
level-grandmaster = グランドマスター
level-grandmaster-about = 11手先まで読みます。空きマス18から完全読みします。
level-strongest = 最強
level-strongest-about = 1手に約3秒考え（中盤は多め、序盤は少なめ）、良さそうな手順を18から24手先まで読みます。空きマス20から完全読みし、時間があればもっと前から読み切ります。
level-tournament-1400 = 大会 1400
level-tournament-1400-about = WTHOR の対局で約1400の大会の人と同じように打ちます。たいていは良い手ですが、ときどき大きく損をします。すべての手を10手先まで読み（空きマス18から完全読み）、どの局面でもその人たちと同じように損をします。
level-tournament-1800 = 大会 1800
level-tournament-1800-about = WTHOR の対局で約1800の大会の人と同じように打ちます。たいていは良い手ですが、ときどき大きく損をします。すべての手を10手先まで読み（空きマス18から完全読み）、どの局面でもその人たちと同じように損をします。
level-tournament-2000 = 大会 2000
level-tournament-2000-about = WTHOR の対局で約2000の大会の人と同じように打ちます。たいていは良い手ですが、ときどき大きく損をします。すべての手を10手先まで読み（空きマス18から完全読み）、どの局面でもその人たちと同じように損をします。

## The Adaptive level

adaptive-name = アダプティブ
adaptive-item = アダプティブ（約 { $rating }）
adaptive-about = あなたの強さに合わせて打ちます。今は段階の尺度で約 { $rating } で、その強さの打ち手と同じように、序盤・中盤・終盤それぞれで前後のレベルと同じくらいの悪手を打ちます。対局ごとに、あなたが勝てば強く、負ければ弱くなり、勝率が半分ほどになるようにします。
adaptive-about-people = あなたの強さに合わせて打ちます。今は段階の尺度で約 { $rating } で、WTHOR の対局で約 { $elo } の大会の人と同じように損をします（大会のレベルと同じ）。対局ごとに、あなたが勝てば強く、負ければ弱くなり、勝率が半分ほどになるようにします。
adaptive-moved = アダプティブは約 { $after } で打つようになりました（以前は { $before }）。
settings-other-engine = 別のエンジン
settings-other-engine-hover = NBoard プロトコルを使うプログラム（NTest、Edax、このゲームの reversi-engine nboard）を起動するコマンドです。
settings-other-engine-placeholder = reversi-engine nboard など
settings-other-name = 名前
settings-other-name-placeholder = エンジン自体の名前
settings-other-depth = 深さ
settings-other-plays = このゲームのエンジンではなく対局に使う
settings-other-plays-hover = あなたとの対局ではエンジン側を、エンジン対エンジンでは白を打ちます。
settings-other-hints = ヒントの評価値を出す
settings-other-timeout = 時間の上限
settings-other-timeout-value = 秒（1手）
settings-other-test = テスト
settings-other-testing = 起動して手を問い合わせています...
