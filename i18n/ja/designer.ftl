# The designer's view (Settings > Designer's view, or reversi --config DIR).
# File names ($file, $path, $dir), table names ($family, $name), entry keys ($key) and
# numbers written as in the table files ($value, "2.50") stay as they are.

designer-reloaded = { $file } を読み込み直しました
designer-removed = { $file } が削除されました。標準のものを使います
# $level is the level that was selected, $first the one played instead.
designer-level-gone = レベル「{ $level }」は levels.ron にもうありません。「{ $first }」で対局します
designer-folder-error = デザイナー表示: { $dir }: { $error }
designer-on = デザイナー表示: { $dir } のテーブルで対局します（空の場合は標準のテーブル）
designer-off = デザイナー表示オフ: 標準のテーブルに戻りました
designer-playing = { $dir } のファイルで対局中
designer-edited-feature = eval.ron の{ $line }行目を編集しました: キーフレーム{ $keyframe }で { $name } = { $value }石
designer-edited-entry = { $file } の{ $line }行目を編集しました: キーフレーム{ $keyframe }で "{ $key }" = { $value }石
designer-edit-failed = 編集できませんでした: { $error }
designer-undone = { $path } の最後の編集を元に戻しました
designer-undo-failed = 元に戻せませんでした: { $error }

## Why this score

designer-why-title = この評価値の理由
# $total, $features and $patterns are signed disc values, e.g. "+1.25".
designer-summary = { $side ->
    [black] 黒
   *[white] 白
}の番、空きマス{ $empties }: { $total }石 = 特徴 { $features } + パターン { $patterns }
designer-heatmap = ヒートマップ
designer-heatmap-hover = 各マスを、パターンの項のうちそのマスが占める分で色分けします（各パターンの値をそのマス全体に分けます）。青は手番側に有利、赤は不利です
designer-shipped-say = 標準のテーブルでは{ $total }石です。フォルダで変えた項には、後ろに標準の値を表示します。
designer-help = 表示中の局面での、デザイナーのテーブルの大きな項です。項を指すと、そのマスがわかります。`reversi-engine explain` ですべての項を表示します（--against shipped を付けると、フォルダで変えた部分を表示）。`reversi-engine match --a DIR --b shipped` で、変更の効果を対局で測れます。
designer-not-listed = 一覧になし（0）
designer-edit = 編集
designer-edit-feature-hover = この特徴の重みをここで変更します
designer-edit-entry-hover = このエントリの値をここで変更します
designer-entry-at = 空きマス{ $empties }での { $family } "{ $key }":
designer-feature-at = 空きマス{ $empties }での { $name }:
designer-discs-suffix = 石
designer-discs-unit-suffix = 石（1単位あたり）
designer-apply = 適用
designer-apply-entry-hover = フォルダのテーブルファイルに書き込みます。ゲームが読み込み直します
designer-apply-feature-hover = フォルダの eval.ron に書き込みます。ゲームが読み込み直します
designer-undo = 最後の編集を元に戻す（{ $edits }）

## Broken files

designer-files-title = デザイナーファイル
designer-files-broken = { $dir } の{ $count }個のファイルを使えませんでした。修正して保存するまで、最後に正常だったテーブルを使い続けます。
designer-error-at = { $file } の{ $line }行目、{ $column }列目
