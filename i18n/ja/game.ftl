# The status line, the result of a game and the board editor's verdict.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.
# Squares and moves ($square, $ply, ...) are written a1-h8 in every language.


## The status line

status-welcome = マスをクリックするとそこに打ちます（矢印キーと Enter でも操作できます）。H を押すたびにヒント表示が変わり（なし・点・評価値）、Esc でメニューを開き、F1 でキー一覧を表示します。
status-finish-editor = 先に盤面エディタを終えてください。「完了」でその局面から対局するか、「キャンセル」を選びます。
# $mode is the mode's name, e.g. "Human vs engine".
status-new-game = 新規対局: { $mode }。
status-new-xot = 新規XOT対局：開始局面 { $number }、{ $moves }（手番側から見て { $value }）。
status-undone = 1手戻しました。
status-nothing-to-undo = 戻せる手がありません。
status-redone = 1手進めました。
status-nothing-to-redo = やり直せる手がありません。
status-viewing = { $ply }手目の局面を表示しています（全{ $plies }手）。ここで打つか、ここから続けてください。
status-latest = 最新の局面に戻りました。
status-continuing = この局面から続けます。
status-paused = エンジン対エンジンを一時停止しました。
status-resumed = エンジン対エンジンを再開しました。
status-out-of-time = { $side ->
    [black] 黒の時間切れです。Ctrl+N で新しい対局を始めてください。
   *[white] 白の時間切れです。Ctrl+N で新しい対局を始めてください。
}
status-game-over = 対局は終わりました。Ctrl+N で新しい対局を始めてください。
status-engine-turn = エンジン（{ $side ->
    [black] 黒
   *[white] 白
}）の番です。着手を待ってください。
status-played = { $side ->
    [black] 黒
   *[white] 白
}が{ $square }に打ちました。
status-engine-played = エンジン（{ $side ->
    [black] 黒
   *[white] 白
}）が{ $square }に打ちました。
status-other-played = { $name }（{ $side ->
    [black] 黒
   *[white] 白
}）が{ $square }に打ちました。
status-taken = { $square }にはすでに石があります。
# $legal lists the legal moves, e.g. "c4 d3 e6 f5".
status-no-flips = { $square }では石を返せません。{ $side ->
    [black] 黒
   *[white] 白
}は相手の石を1つ以上はさむ必要があります（打てる手: { $legal }）。
# $source is a file's name or "the clipboard".
status-loaded = { $source }を読み込みました。
status-game-back = { $date } の対局を再開しました（{ $number } 手目）。
status-main-line = 本線: { $ply }の後。
status-variation = 変化: { $ply }の後。
status-promoted = 変化{ $ply }を本線にしました。
status-nothing-to-promote = ここは本線です。本線にする変化はありません。
status-variation-deleted = 変化{ $ply }を削除しました。
status-nothing-to-delete = ここは本線です。削除する変化はありません。
status-pasted = 貼り付けた対局を読み込みました。
# $error says what is wrong with the text (in English: it comes from the file readers).
status-paste-failed = 貼り付け: { $error }。対局は変わっていません。
status-editor = 盤面エディタ: マスをクリックすると選んだ色を置き、右クリックで空にします。「完了」でこの局面から対局します。
# $verdict is one of the editor-... lines below.
status-setup-played = 設定した局面から対局します。{ $verdict }
status-editor-closed = 盤面エディタを閉じました。対局は元のままです。
status-pass = { $side ->
    [black] 黒は打てる手がないのでパスします。白の番です。
   *[white] 白は打てる手がないのでパスします。黒の番です。
}
status-flag = { $side ->
    [black] 黒の時間切れです。白の勝ちです。
   *[white] 白の時間切れです。黒の勝ちです。
}
status-transcript-copied = 棋譜をクリップボードにコピーしました（{ $moves }手）。
status-empty-transcript = 空の棋譜をコピーしました（まだ着手がありません）。
status-sound-on = 効果音をオンにしました。
status-sound-off = 効果音をオフにしました。
status-hints = ヒント: { $hints }。

## The result; $winner and $loser are the disc counts (empty squares go to the winner)

result-black-wins = 対局終了: 黒の勝ち { $winner }-{ $loser }。
result-white-wins = 対局終了: 白の勝ち { $winner }-{ $loser }。
result-draw = 対局終了: 引き分け { $black }-{ $white }。
result-heading-black-wins = 黒の勝ち { $winner }-{ $loser }
result-heading-white-wins = 白の勝ち { $winner }-{ $loser }
result-heading-draw = 引き分け { $black }-{ $white }

## The game's label above the discs

match-vs-engine = { $side ->
    [black] あなた（黒）対エンジン（白）、レベル「{ $level }」
   *[white] あなた（白）対エンジン（黒）、レベル「{ $level }」
}
match-level-other = { $name }（別のプログラム）
match-engines-other = エンジン対エンジン: { $level }（黒）対 { $name }（白）
match-humans = 人間対人間
match-engines = エンジン対エンジン、レベル「{ $level }」
match-rated = ・レーティングあり
match-rated-hover = ここまでヒントも待ったもありません。検討すると、この対局でレーティングが動きます（練習 > 棋力）。
match-unrated = ・レーティングなし
match-unrated-hover = ヒントを使った、待ったをした、または開いた・配置した対局です。検討はできますが、レーティングは動きません。

## The board editor's verdict

editor-not-playable = まだ対局できません: { $reason }。
editor-to-move-verdict = 黒 { $black }、白 { $white }: { $side ->
    [black] 黒
   *[white] 白
}の番です。
editor-pass-verdict = 黒 { $black }、白 { $white }: { $side ->
    [black] 黒は打てる手がないのでパスし、白が打ちます。
   *[white] 白は打てる手がないのでパスし、黒が打ちます。
}
editor-over-verdict = 黒 { $black }、白 { $white }: どちらも打てないので、ここで対局は終わりです。
# Why a position cannot be played: $squares lists squares, e.g. "d4, e5".
setup-overlap = マス{ $square }に両方の色があります
setup-too-many-empties = 空きマスが{ $empties }個あります。最大60個です（石が4個より少ない対局はありません）
setup-empty-centre = { $squares }には石が必要です。オセロでは中央の4マスが空になることはありません
