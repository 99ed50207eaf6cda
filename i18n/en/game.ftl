# The status line, the result of a game and the board editor's verdict.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.
# Squares and moves ($square, $ply, ...) are written a1-h8 in every language.


## The status line

status-welcome = Click a square to play there (or use the arrows and Enter). H cycles the hints (off, dots, scores); Esc opens the menu; F1 lists the keys.
status-finish-editor = Finish the board editor first: Done to play from it, or Cancel.
# $mode is the mode's name, e.g. "Human vs engine".
status-new-game = New game: { $mode }.
status-new-xot = New XOT game: opening { $number }, { $moves } ({ $value } for the side to move).
status-undone = Move taken back.
status-nothing-to-undo = Nothing to undo.
status-redone = Move replayed.
status-nothing-to-redo = Nothing to redo.
status-viewing = Viewing the position after { $ply } of { $plies } plies: play a move or continue from here.
status-latest = Back at the latest position.
status-continuing = Continuing from this position.
status-paused = Engine vs engine paused.
status-resumed = Engine vs engine resumed.
status-out-of-time = { $side ->
    [black] Black ran out of time: start a new game with Ctrl+N.
   *[white] White ran out of time: start a new game with Ctrl+N.
}
status-game-over = The game is over: start a new one with Ctrl+N.
status-engine-turn = It is the engine's turn ({ $side ->
    [black] Black
   *[white] White
}); wait for its move.
status-played = { $side ->
    [black] Black
   *[white] White
} played { $square }.
status-engine-played = The engine ({ $side ->
    [black] Black
   *[white] White
}) played { $square }.
status-other-played = { $name } ({ $side ->
    [black] Black
   *[white] White
}) played { $square }.
status-taken = { $square } is already taken.
# $legal lists the legal moves, e.g. "c4 d3 e6 f5".
status-no-flips = { $square } turns no disc over: { $side ->
    [black] Black
   *[white] White
} must outflank at least one disc (legal: { $legal }).
# $source is a file's name or "the clipboard".
status-loaded = Loaded { $source }.
status-game-back = Your game of { $date }, move { $number }, is back.
status-main-line = Main line: after { $ply }.
status-variation = Variation: after { $ply }.
status-promoted = Variation { $ply } made the main continuation.
status-nothing-to-promote = This is the main line: nothing to promote.
status-variation-deleted = Variation { $ply } deleted.
status-nothing-to-delete = This is the main line: no variation to delete.
status-pasted = Pasted game loaded.
# $error says what is wrong with the text (in English: it comes from the file readers).
status-paste-failed = Paste: { $error }. The game is unchanged.
status-editor = Board editor: click a square to put the colour chosen there, right-click to empty it; Done plays from the position.
# $verdict is one of the editor-... lines below.
status-setup-played = Playing from the position set up. { $verdict }
status-editor-closed = Board editor closed; the game is as it was.
status-pass = { $side ->
    [black] Black has no legal move and passes; White to move.
   *[white] White has no legal move and passes; Black to move.
}
status-flag = { $side ->
    [black] Black ran out of time: White wins on time.
   *[white] White ran out of time: Black wins on time.
}
status-transcript-copied = Transcript copied to the clipboard ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}).
status-empty-transcript = Copied an empty transcript (no moves yet).
status-sound-on = Sounds on.
status-sound-off = Sounds off.
status-hints = Hints: { $hints }.

## The result; $winner and $loser are the disc counts (empty squares go to the winner)

result-black-wins = Game over: Black wins { $winner }-{ $loser }.
result-white-wins = Game over: White wins { $winner }-{ $loser }.
result-draw = Game over: a draw, { $black }-{ $white }.
result-heading-black-wins = Black wins { $winner }-{ $loser }.
result-heading-white-wins = White wins { $winner }-{ $loser }.
result-heading-draw = A draw, { $black }-{ $white }.

## The game's label above the discs

match-vs-engine = { $side ->
    [black] You (Black) vs engine (White), level { $level }
   *[white] You (White) vs engine (Black), level { $level }
}
match-level-other = { $name } (another program)
match-engines-other = Engine vs engine: { $level } (Black) vs { $name } (White)
match-humans = Human vs human
match-engines = Engine vs engine, level { $level }
match-rated = · rated
match-rated-hover = No hints and no move taken back so far: once reviewed, this game moves your rating (Practice > Your strength).
match-unrated = · not rated
match-unrated-hover = The hints were on, a move was taken back, or the game was opened or set up: it is still reviewed, but does not move your rating.

## The board editor's verdict

editor-not-playable = Not playable yet: { $reason }.
editor-to-move-verdict = Black { $black }, White { $white }: { $side ->
    [black] Black
   *[white] White
} to move.
editor-pass-verdict = Black { $black }, White { $white }: { $side ->
    [black] Black has no move and will pass; White moves.
   *[white] White has no move and will pass; Black moves.
}
editor-over-verdict = Black { $black }, White { $white }: neither side can move, so the game is over here.
# Why a position cannot be played: $squares lists squares, e.g. "d4, e5".
setup-overlap = square { $square } holds both colours
setup-too-many-empties = { $empties } empty squares, at most 60 (a game never has fewer than 4 discs)
setup-empty-centre = { $squares } must hold a disc: the four centre squares are never empty in Othello
