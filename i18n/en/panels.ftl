# The menu bar, the side panel, the board editor's panel, the review and the move list.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.

## The menu bar

menu-game = Game
menu-new-game = New game
menu-new-xot = New XOT game
menu-undo = Undo
menu-redo = Redo
menu-review = Review game
menu-practice = Practice...
menu-book = Opening book...
menu-database = Game database...
menu-library = Library...
menu-setup = Set up a position...
menu-copy-transcript = Copy transcript
menu-copy-obf = Copy position (OBF)
menu-paste = Paste transcript / position...
menu-open = Open game...
menu-open-recent = Open recent
menu-clear-recent = Clear the list
menu-save = Save game...
menu-quit = Quit
menu-settings = Settings
menu-hints = Hints (H)
menu-best-line = Best line on the board (B)
menu-all-settings = All settings...
menu-help = Help
menu-rules = Rules and shortcuts (F1)
menu-about = About Reversi

## The side panel

# The hover of a player's clock; $control is the time control, e.g. "5 min + 3 s".
clock-hover = { $side ->
    [black] Black's
   *[white] White's
} time left ({ $control })
turn-flagged = { $side ->
    [black] Black lost on time; White wins.
   *[white] White lost on time; Black wins.
}
# Whose turn: $who is "engine", "you" or "human".
turn-to-move = { $side ->
    [black] Black
   *[white] White
} to move ({ $who ->
    [engine] engine
    [you] you
   *[human] human
})
viewing-ply = Viewing ply { $ply } of { $plies }.
continue-from-here = Continue from here
back-to-latest = Back to latest
button-new = New
button-new-hover = New game (Ctrl+N)
button-undo = Undo
button-redo = Redo
button-resume = Resume
button-pause = Pause
button-step = Step
moves-heading = Moves
variation = variation
# $number is the move's number in the game, $ply the move (e.g. "c4").
variation-hover = The moves shown leave the main line at move { $number } ({ $ply })
promote = Promote
promote-hover = Make this variation the main continuation where it starts
delete = Delete
delete-hover = Delete this variation, from where it starts
# $name is the opening's name (not translated), $moves its moves, $plies how many.
opening-hover = The opening of the moves played: { $moves } ({ $plies } moves; named openings are matched by position, in any orientation)
moves-start = Start
ply-pass = pass
# A row of other moves recorded at a position: "12. also" or "12... also".
moves-also = { $number }{ $white ->
    [yes] ...
   *[no] .
} also
follow-line = Follow this line

## The board editor

editor-heading = Board editor
editor-help = Click a square to put down what is chosen; right-click empties it.
editor-put-down = Put down
editor-black = Black
editor-white = White
editor-empty = Empty
editor-to-move = To move
editor-clear = Clear
editor-clear-hover = Empty every square
editor-start = Start position
editor-start-hover = The standard start
editor-copy-obf = Copy OBF
editor-copy-obf-hover = Copy the position as an OBF line (64 squares and the side to move)
editor-done = Done: play from here
editor-done-hover = Start a game from this position (the mode and level stay)
editor-cancel = Cancel
editor-cancel-hover = Back to the game as it was
copied-obf = Position copied to the clipboard (OBF).

## The score graph

# $ply is a ply number, $score a signed disc count (e.g. "+4").
graph-point = ply { $ply }: { $score } for Black
graph-hover = The score after each move, in discs for Black (above 0: Black ahead); gold: exact. Click to view that position.

## The review

review-heading = Review
# A mistake at the position shown. $played and $best are moves, $score and $best_score
# signed disc counts, $loss the discs lost.
review-here = Here { $side ->
    [black] Black
   *[white] White
} played { $played } ({ $score }), losing { $loss }; best was { $best } ({ $best_score }), ringed in blue.
review-progress = { $done } of { $total } moves
review-progress-left = { $done } of { $total } moves, about { $seconds } s left
# A player's summary: $lost discs lost, $mistakes, $blunders, $best_percent (0-100).
review-summary = { $side ->
    [black] Black
   *[white] White
}: lost { $lost ->
    [one] { $lost } disc
   *[other] { $lost } discs
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}, { $best_percent }% best moves
review-summary-hover = { $moves } moves: { $best } best, { $inaccuracies } inaccuracies (under { $mistake } discs), { $mistakes } mistakes ({ $mistake } or more), { $blunders } blunders ({ $blunder } or more)
# A button: make practice cards of $mistakes mistakes and blunders of $side.
review-make-cards = Practise { $side ->
    [black] Black's
   *[white] White's
} { $mistakes ->
    [one] mistake
   *[other] { $mistakes } mistakes
}
review-make-cards-hover = Each mistake becomes a puzzle in Game > Practice: find the best move. Cards come back by spaced repetition until you know them.
review-took = Reviewed in { $seconds } s; mistakes ? and blunders ?? are marked in the moves.
review-best-move = { $played }: a best move, { $score }
review-best-move-exact = { $played }: a best move, { $score } (exact)
review-loses = { $played }: { $score }, loses { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
}; best { $best } { $best_score }
review-loses-exact = { $played }: { $score }, loses { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
}; best { $best } { $best_score } (exact)

## The engine

engine-heading = Engine
engine-thinking = { $side ->
    [black] thinking for Black
    [white] thinking for White
   *[none] thinking
}, { $seconds } s
engine-pondering-on = pondering on { $square }, { $seconds } s
engine-pondering-replies = pondering on your replies, { $seconds } s
engine-pondering-hover = Thinking on your time: its next search starts warm
engine-scoring = scoring your moves, { $seconds } s
engine-scoring-hover = The hints' search (against the engine it is its pondering too)
engine-idle = idle
engine-unused = not used yet
engine-level = Level
engine-other = Other engine
engine-other-plays = { $name } plays
engine-other-hints = { $name } gives the hints
engine-other-both = { $name } plays and gives the hints
engine-depth = Depth
engine-book-move = book move
engine-depth-exact = { $depth } (exact)
engine-score = Score
engine-expects = Expects
engine-best-line = Best line
engine-hidden = hidden (hints off)
engine-hidden-hover = Turn the hints on (H) to see what the engine thinks
# The engine's verdict, from the side it plays ($side: black, white or none).
engine-win = { $side ->
    [black] win for Black (proved)
    [white] win for White (proved)
   *[none] win (proved)
}
engine-loss = { $side ->
    [black] loss for Black (proved)
    [white] loss for White (proved)
   *[none] loss (proved)
}
engine-draw = draw (proved)
# $score is a signed disc count, e.g. "+4".
engine-discs = { $side ->
    [black] { $score } discs for Black
    [white] { $score } discs for White
   *[none] { $score } discs
}
engine-discs-exact = { $side ->
    [black] { $score } discs for Black, exact
    [white] { $score } discs for White, exact
   *[none] { $score } discs, exact
}
# Monte Carlo levels: $percent is the share of the playouts won (draws half).
engine-win-rate = { $side ->
    [black] Black wins { $percent }% of playouts
    [white] White wins { $percent }% of playouts
   *[none] { $percent }% of playouts won
}
engine-score-hover = Disc difference expected at the end, from the side named
engine-expects-hover = The move the engine expects its opponent to play next
engine-speed = Speed
# $nodes is a count, $mnps millions of nodes a second.
engine-nodes = { $nodes } nodes, { $mnps } M nodes/s
engine-hints = Hints
engine-hints-exact = exact (gold): solved to the end
engine-hints-depth = depth { $depth }
engine-hints-hover = Each move's score in discs for the side to move; best ringed
# Monte Carlo levels: $playouts is a count, $kps thousands of playouts a second.
engine-playouts = { $playouts ->
    [one] { $playouts } playout, { $kps } k/s
   *[other] { $playouts } playouts, { $kps } k/s
}
engine-hints-playouts = { $playouts ->
    [one] { $playouts } playout
   *[other] { $playouts } playouts
}
engine-hints-rates-hover = Each move's chance of winning for the side to move, from its playouts (gold: proven), and under it the move's share of the playouts; the move Monte Carlo would play is ringed

## For screen readers

# A player's disc count, as a screen reader reads it.
a11y-discs = { $side ->
    [black] Black
   *[white] White
}: { $count ->
    [one] { $count } disc
   *[other] { $count } discs
}
# Where the board's keyboard cursor is ($square) and what is there ($what: black, white,
# legal for an empty square where the side to move may play, empty otherwise).
cursor-at = Cursor: { $square }, { $what ->
    [black] a black disc
    [white] a white disc
    [legal] empty, a legal move
   *[empty] empty
}

## Why a move was a mistake
# $side played the move, $other is the opponent ([black] / [white]); $corner and $played are
# squares; $ply counts plies after the move; the other figures are counts of discs or moves.

explain-heading = Why:
explain-gives-corner = { $other ->
    [black] Black
   *[white] White
} takes the corner { $corner } { $ply ->
    [one] { $ply } ply later
   *[other] { $ply } plies later
}; the best line does not give it.
explain-opens-corner = { $other ->
    [black] Black
   *[white] White
} may take the corner { $corner } at once.
explain-x-square = { $played } is the X-square of the empty corner { $corner }: it often gives the corner away.
explain-c-square = { $played } is a C-square beside the empty corner { $corner }.
explain-misses-corner = The best line takes the corner { $corner } for { $side ->
    [black] Black
   *[white] White
} { $ply ->
    [0] at once
    [one] { $ply } ply later
   *[other] { $ply } plies later
}.
explain-mobility = { $other ->
    [black] Black
   *[white] White
} has { $played } moves after it, { $best } after the best move.
explain-frontier = It leaves { $side ->
    [black] Black
   *[white] White
} { $played } frontier discs (next to an empty square), { $best } after the best move: more moves for { $other ->
    [black] Black
   *[white] White
}.
explain-stable = At the end of the line { $side ->
    [black] Black
   *[white] White
} has { $played } stable discs, { $best } in the best line.
explain-parity = It leaves { $other ->
    [black] Black
   *[white] White
} { $played } regions with an odd number of empty squares, { $best } after the best move: { $side ->
    [black] Black
   *[white] White
} wants to answer last in each region.
explain-no-fact = No single reason stands out: compare the two lines.
explain-lines = After { $played }. Best: { $best }
explain-working = Looking for the reasons...
menu-board-image = Board as image...
