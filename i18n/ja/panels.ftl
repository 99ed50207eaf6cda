# The menu bar, the side panel, the board editor's panel, the review and the move list.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.

## The menu bar

menu-game = 対局
menu-new-game = 新規対局
menu-new-xot = 新規XOT対局
menu-undo = 元に戻す
menu-redo = やり直す
menu-review = 対局を検討
menu-practice = 練習...
menu-book = 定石ブック...
menu-database = 棋譜データベース...
menu-library = ライブラリ...
menu-setup = 局面を設定...
menu-copy-transcript = 棋譜をコピー
menu-copy-obf = 局面をコピー（OBF）
menu-paste = 棋譜・局面を貼り付け...
menu-open = 対局を開く...
menu-open-recent = 最近の対局を開く
menu-clear-recent = 一覧をクリア
menu-save = 対局を保存...
menu-quit = 終了
menu-settings = 設定
menu-hints = ヒント（H）
menu-best-line = 最善手順を盤上に表示（B）
menu-all-settings = すべての設定...
menu-help = ヘルプ
menu-rules = ルールとショートカット（F1）
menu-about = Reversi について

## The side panel

# The hover of a player's clock; $control is the time control, e.g. "5 min + 3 s".
clock-hover = { $side ->
    [black] 黒
   *[white] 白
}の残り時間（{ $control }）
turn-flagged = { $side ->
    [black] 黒の時間切れ負けです。白の勝ちです。
   *[white] 白の時間切れ負けです。黒の勝ちです。
}
# Whose turn: $who is "engine", "you" or "human".
turn-to-move = { $side ->
    [black] 黒
   *[white] 白
}の番（{ $who ->
    [engine] エンジン
    [you] あなた
   *[human] 人間
}）
viewing-ply = { $ply }手目を表示中（全{ $plies }手）。
continue-from-here = ここから続ける
back-to-latest = 最新の局面へ
button-new = 新規
button-new-hover = 新規対局（Ctrl+N）
button-undo = 元に戻す
button-redo = やり直す
button-resume = 再開
button-pause = 一時停止
button-step = 1手進める
moves-heading = 棋譜
variation = 変化
# $number is the move's number in the game, $ply the move (e.g. "c4").
variation-hover = 表示中の手順は{ $number }手目（{ $ply }）で本線から分かれています
promote = 本線にする
promote-hover = この変化を、分かれた所からの本線にします
delete = 削除
delete-hover = この変化を、分かれた所から削除します
# $name is the opening's name (not translated), $moves its moves, $plies how many.
opening-hover = 打たれた手の定石: { $moves }（{ $plies }手。名前のある定石は、盤の向きを問わず局面で照合します）
moves-start = 初期局面
ply-pass = パス
# A row of other moves recorded at a position: "12. also" or "12... also".
moves-also = { $number }{ $white ->
    [yes] ...
   *[no] .
} ほかの手
follow-line = この手順に進む

## The board editor

editor-heading = 盤面エディタ
editor-help = マスをクリックすると選んだものを置き、右クリックで空にします。
editor-put-down = 置くもの
editor-black = 黒
editor-white = 白
editor-empty = 空き
editor-to-move = 手番
editor-clear = クリア
editor-clear-hover = すべてのマスを空にします
editor-start = 初期配置
editor-start-hover = 標準の初期配置にします
editor-copy-obf = OBF をコピー
editor-copy-obf-hover = 局面を OBF の1行（64マスと手番）としてコピーします
editor-done = 完了: ここから対局
editor-done-hover = この局面から対局を始めます（モードとレベルはそのままです）
editor-cancel = キャンセル
editor-cancel-hover = 元の対局に戻ります
copied-obf = 局面をクリップボードにコピーしました（OBF）。

## The score graph

# $ply is a ply number, $score a signed disc count (e.g. "+4").
graph-point = { $ply }手目: 黒から見て{ $score }
graph-hover = 各手の後の評価値です（黒から見た石差。0より上なら黒がリード）。金色は完全読みです。クリックするとその局面を表示します。

## The review

review-heading = 検討
# A mistake at the position shown. $played and $best are moves, $score and $best_score
# signed disc counts, $loss the discs lost.
review-here = ここで{ $side ->
    [black] 黒
   *[white] 白
}は{ $played }（{ $score }）に打ち、{ $loss }石損しました。最善手は青い丸で示した{ $best }（{ $best_score }）でした。
review-progress = { $done } / { $total }手
review-progress-left = { $done } / { $total }手、残り約{ $seconds }秒
# A player's summary: $lost discs lost, $mistakes, $blunders, $best_percent (0-100).
review-summary = { $side ->
    [black] 黒
   *[white] 白
}: { $lost }石損、悪手{ $mistakes }、大悪手{ $blunders }、最善手率{ $best_percent }%
review-summary-hover = { $moves }手: 最善手{ $best }、疑問手{ $inaccuracies }（{ $mistake }石より少ない損）、悪手{ $mistakes }（{ $mistake }石以上）、大悪手{ $blunders }（{ $blunder }石以上）
review-make-cards = { $side ->
    [black] 黒
   *[white] 白
}の悪手を練習（{ $mistakes }）
review-make-cards-hover = 悪手ひとつひとつが「ゲーム > 練習」の問題になります。最善手を見つけてください。覚えるまで間隔を空けて出題します（間隔反復）。
review-took = 検討にかかった時間は{ $seconds }秒です。棋譜では悪手に ?、大悪手に ?? を付けています。
review-best-move = { $played }: 最善手、{ $score }
review-best-move-exact = { $played }: 最善手、{ $score }（完全読み）
review-loses = { $played }: { $score }、{ $loss }石損。最善手は{ $best } { $best_score }
review-loses-exact = { $played }: { $score }、{ $loss }石損。最善手は{ $best } { $best_score }（完全読み）

## The engine

engine-heading = エンジン
engine-thinking = { $side ->
    [black] 黒の手を思考中
    [white] 白の手を思考中
   *[none] 思考中
}、{ $seconds }秒
engine-pondering-on = { $square }を予想して先読み中、{ $seconds }秒
engine-pondering-replies = あなたの応手を先読み中、{ $seconds }秒
engine-pondering-hover = あなたの手番中に考えておくので、次の探索が速くなります
engine-scoring = あなたの手を評価中、{ $seconds }秒
engine-scoring-hover = ヒントのための探索です（エンジンとの対局では、これが先読みも兼ねます）
engine-idle = 待機中
engine-unused = 未使用
engine-level = レベル
engine-other = 別のエンジン
engine-other-plays = { $name } が対局
engine-other-hints = { $name } がヒントを出す
engine-other-both = { $name } が対局とヒント
engine-depth = 深さ
engine-book-move = 定石ブックの手
engine-depth-exact = { $depth }（完全読み）
engine-score = 評価値
engine-expects = 予想手
engine-best-line = 最善手順
engine-hidden = 表示なし（ヒントがオフ）
engine-hidden-hover = ヒントをオンにする（H）と、エンジンの考えが表示されます
# The engine's verdict, from the side it plays ($side: black, white or none).
engine-win = { $side ->
    [black] 黒の勝ち（確定）
    [white] 白の勝ち（確定）
   *[none] 勝ち（確定）
}
engine-loss = { $side ->
    [black] 黒の負け（確定）
    [white] 白の負け（確定）
   *[none] 負け（確定）
}
engine-draw = 引き分け（確定）
# $score is a signed disc count, e.g. "+4".
engine-discs = { $side ->
    [black] 黒から見て{ $score }石
    [white] 白から見て{ $score }石
   *[none] { $score }石
}
engine-discs-exact = { $side ->
    [black] 黒から見て{ $score }石（確定）
    [white] 白から見て{ $score }石（確定）
   *[none] { $score }石（確定）
}
engine-win-rate = { $side ->
    [black] 黒の勝率 { $percent }%（プレイアウト）
    [white] 白の勝率 { $percent }%（プレイアウト）
   *[none] 勝率 { $percent }%（プレイアウト）
}
engine-score-hover = 終局時に予想される石差（示した側から見た値）
engine-expects-hover = エンジンが予想する相手の次の手
engine-speed = 速度
# $nodes is a count, $mnps millions of nodes a second.
engine-nodes = { $nodes }ノード、{ $mnps } M nodes/s
engine-hints = ヒント
engine-hints-exact = 完全読み（金色）: 終局まで読み切った値
engine-hints-depth = 深さ{ $depth }
engine-hints-hover = 各手の評価値（手番側から見た石差）。最善手を丸で囲みます
engine-playouts = { $playouts }プレイアウト、{ $kps } k/s
engine-hints-playouts = { $playouts }プレイアウト
engine-hints-rates-hover = 各手の手番側の勝率（プレイアウトによる推定。金色は証明済み）と、その下にプレイアウト全体に占める割合。モンテカルロが選ぶ手を丸で囲みます

## For screen readers

# A player's disc count, as a screen reader reads it.
a11y-discs = { $side ->
    [black] 黒
   *[white] 白
}: { $count }石
# Where the board's keyboard cursor is ($square) and what is there ($what: black, white,
# legal for an empty square where the side to move may play, empty otherwise).
cursor-at = カーソル: { $square }、{ $what ->
    [black] 黒石
    [white] 白石
    [legal] 空き（打てます）
   *[empty] 空き
}

## Why a move was a mistake
# $side played the move, $other is the opponent ([black] / [white]); $corner and $played are
# squares; $ply counts plies after the move; the other figures are counts of discs or moves.

explain-heading = 理由：
explain-gives-corner = { $ply } 手後に{ $other ->
    [black] 黒
   *[white] 白
}が隅 { $corner } を取ります。最善の進行では取られません。
explain-opens-corner = { $other ->
    [black] 黒
   *[white] 白
}はすぐに隅 { $corner } を取れます。
explain-x-square = { $played } は空き隅 { $corner } の X 打ちです。隅を渡しやすい手です。
explain-c-square = { $played } は空き隅 { $corner } の隣の C 打ちです。
explain-misses-corner = 最善の進行では{ $side ->
    [black] 黒
   *[white] 白
}が{ $ply ->
    [0] すぐに
   *[other] { $ply } 手後に
}隅 { $corner } を取ります。
explain-mobility = この手の後の{ $other ->
    [black] 黒
   *[white] 白
}の着手可能数は { $played }、最善手の後は { $best } です。
explain-frontier = { $side ->
    [black] 黒
   *[white] 白
}の開放石（空きマスに接する石）が { $played } 個残ります（最善手なら { $best } 個）。{ $other ->
    [black] 黒
   *[white] 白
}の打てる手が増えます。
explain-stable = 進行の終わりで{ $side ->
    [black] 黒
   *[white] 白
}の確定石は { $played } 個、最善の進行では { $best } 個です。
explain-parity = { $other ->
    [black] 黒
   *[white] 白
}に空きマスが奇数の領域を { $played } 個残します（最善手なら { $best } 個）。{ $side ->
    [black] 黒
   *[white] 白
}は各領域で最後に打ちたいところです。
explain-no-fact = はっきりした理由はありません。二つの進行を比べてください。
explain-lines = { $played } の後。最善：{ $best }
explain-working = 理由を探しています...
menu-board-image = 盤面をイメージに...
