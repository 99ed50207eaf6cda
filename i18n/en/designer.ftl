# The designer's view (Settings > Designer's view, or reversi --config DIR).
# File names ($file, $path, $dir), table names ($family, $name), entry keys ($key) and
# numbers written as in the table files ($value, "2.50") stay as they are.

designer-reloaded = Reloaded { $file }
designer-removed = { $file } removed: the shipped one is used
# $level is the level that was selected, $first the one played instead.
designer-level-gone = Level "{ $level }" is no longer in levels.ron: playing "{ $first }"
designer-folder-error = Designer's view: { $dir }: { $error }
designer-on = Designer's view: playing with the tables of { $dir } (empty: the shipped ones)
designer-off = Designer's view off: the shipped tables are back
designer-playing = Playing with the files of { $dir }
designer-edited-feature = Edited eval.ron line { $line }: { $name } = { $value } discs at keyframe { $keyframe }
designer-edited-entry = Edited { $file } line { $line }: "{ $key }" = { $value } discs at keyframe { $keyframe }
designer-edit-failed = Could not edit: { $error }
designer-undone = Undid the last edit of { $path }
designer-undo-failed = Could not undo: { $error }

## Why this score

designer-why-title = Why this score
# $total, $features and $patterns are signed disc values, e.g. "+1.25".
designer-summary = { $side ->
    [black] Black
   *[white] White
} to move, { $empties } empties: { $total } discs = features { $features } + patterns { $patterns }
designer-heatmap = Heatmap
designer-heatmap-hover = Colour each square by its share of the pattern terms (each instance's value spread over its squares): blue for the side to move, red against
designer-shipped-say = The shipped tables say { $total } discs; a term the folder changes shows the shipped value after it.
designer-help = The largest terms of the designer's tables for the position shown; point at one to see its squares. `reversi-engine explain` prints them all (with --against shipped, what the folder changes); `reversi-engine match --a DIR --b shipped` measures a change over games.
designer-not-listed = not listed (0)
designer-edit = edit
designer-edit-feature-hover = Change this feature's weight here
designer-edit-entry-hover = Change this entry's value here
designer-entry-at = { $family } "{ $key }" at { $empties } empties:
designer-feature-at = { $name } at { $empties } empties:
designer-discs-suffix = { " " }discs
designer-discs-unit-suffix = { " " }discs a unit
designer-apply = Apply
designer-apply-entry-hover = Write it to the folder's table file; the game reloads it
designer-apply-feature-hover = Write it to the folder's eval.ron; the game reloads it
designer-undo = Undo last edit ({ $edits })

## Broken files

designer-files-title = Designer files
designer-files-broken = { $count ->
    [one] { $count } file in { $dir } could not be used; the last good tables stay in force until it is fixed and saved.
   *[other] { $count } files in { $dir } could not be used; the last good tables stay in force until they are fixed and saved.
}
designer-error-at = { $file } line { $line }, column { $column }
