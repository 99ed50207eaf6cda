# The windows: first start, about, the quick menu, paste, notices, game over, rules and
# shortcuts.

## The first start

welcome-title = Welcome to Reversi
welcome-intro = How would you like to play against the engine? Everything here can be changed later in Settings.
welcome-you-play = You play
welcome-black = Black (you move first)
welcome-white = White
welcome-engine = The engine
welcome-easiest = easiest
welcome-strongest = strongest
# $name is the level's name, $about what it does.
welcome-level = { $name }: { $about }
welcome-help = Help on the board
welcome-hints-off = The board shows nothing: the game as it is played over the board.
welcome-hints-moves = A dot on every square where you can play.
welcome-hints-scores = Every move's score, worked out by the engine: this gives the game away.
welcome-play = Play

## About

about-title = About Reversi
about-heading = Reversi { $version }
about-description = A Reversi/Othello desktop game and engine: bitboards, MTD(f), an exact endgame solver and designer-editable evaluation tables.
about-built = Built with Rust, Bevy and egui. Licensed MIT OR Apache-2.0.
about-crates = Open-source crates it is built from ({ $count })
about-font = Japanese text: Noto Sans CJK JP (SIL Open Font License 1.1), subset to the characters the game uses.

## The quick menu (Esc)

quick-menu-title = Menu
quick-new-game = New game
quick-undo = Undo
quick-open = Open game...
quick-save = Save game...
quick-settings = Settings...
quick-rules = Rules and shortcuts
quick-quit = Quit
quick-esc = Esc closes this menu.

## Paste

paste-title = Paste a game or position
paste-intro = A transcript (f5d6c3...), an OBF position (64 squares of X, O or - and the side to move) or a GGF game:
paste-from-clipboard = Paste from clipboard
paste-load = Load

## Practice
# $source is where the card came from: the date and time of a game, or a file's name; $ply
# the move's number in its game.

practice-title = Practice
practice-empty = No cards yet. Review a game (Game > Review game), then press "Practise ... mistakes" in the side panel: each mistake becomes a puzzle here.
practice-summary = { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}, { $due } due now
practice-start = Start
practice-ahead = Practise ahead
practice-making = Making cards: { $scored } of { $mistakes } mistakes scored
practice-find = { $side ->
    [black] Black
   *[white] White
} to move: find the best move
practice-source = Source: { $source }, move { $ply }
practice-values-exact = Values exact
practice-values-depth = Values searched to depth { $depth }
practice-click = Click a square to answer.
practice-right = Right: { $chosen } is a best move ({ $score }).
practice-wrong = Not quite: { $chosen } ({ $score }) loses { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
}. Best: { $best } ({ $best_score }).
practice-played = In the game you played { $played }, losing { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
}.
practice-due-minutes = Comes back in { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
}.
practice-due-hours = Comes back in { $hours ->
    [one] { $hours } hour
   *[other] { $hours } hours
}.
practice-due-days = Comes back in { $days ->
    [one] { $days } day
   *[other] { $days } days
}.
practice-finding-line = Finding the best line...
practice-line = Best line: { $moves }
practice-step = move { $step } of { $plies }: Black { $black }, White { $white }
practice-next = Next card
practice-skip = Skip
practice-remove = Remove card
practice-remove-hover = Take this card out of your practice for good.
practice-tab-cards = Your mistakes
practice-tab-positions = Positions
practice-positions-intro = A position from the engine's games whose value lies in the range you choose. You play the side to move against { $level }, on the board; when the game ends you see your result against the position's value.
practice-opponent = Opponent:
practice-opponent-hover = The level that plays the position out against you. The strongest tells whether you can hold the position's value; a weaker one gives a gentler game.
practice-empties = Empty squares:
practice-range = Value:
practice-range-even = Even (-2 to +2)
practice-range-winning = Convert the win (+6 to +12)
practice-range-losing = Save the game (-12 to -6)
practice-range-any = Any
practice-from = from
practice-to = to
practice-matching = { $count ->
    [one] { $count } position matches
   *[other] { $count } positions match
}
practice-play = Play a position
practice-playing = A practice position is on the board; its value shows when the game ends.
practice-no-position = No practice position has that value at that many empties.
practice-precision-exact = Their values are exact: solved to the end.
practice-precision-depth = Their values come from a search to depth { $depth }, not solved to the end: a search four plies deeper moves them by about a disc on average, but a value can be a few discs off the exact score.
practice-precision-mixed = { $solved } of these { $count } values are { $how ->
    [exact] exact, solved to the end
   *[selective] from a selective solve to the end
}; the others are searched to depth { $depth }, often a few discs off.
practice-precision-selective = Their values come from a selective solve to the end, its cuts sure to { $sure } standard deviations: checked against exact solves at 24 empties, 91% of such values were exact, and most of the others 2 discs off.
practice-precision-margin = A value from a search counts only a disc or more inside the range: searched four plies deeper, 97% of those kept their range, against 86% with the values at its ends.
practice-position-source = a practice position ({ $empties } empties)
practice-result = Practice: you finished { $result }; the position was worth { $worth } for you ({ $exact ->
    [yes] exact
    [selective] a selective solve, sure to { $sure } standard deviations
   *[no] depth { $depth }
}). { $lost ->
    [0] You kept its value.
    [one] You gave away { $lost } disc.
   *[other] You gave away { $lost } discs.
}
practice-tab-strength = Your strength
strength-empty = Your strength shows here once you have reviewed a finished game you played against the engine (Game > Review game when it ends): each of your moves' loss against the best counts.
strength-none-rated = None of your reviewed games counts yet: a game counts when you play it against the engine from the start, with the hints off and no move taken back.
strength-games = Your last reviewed games (only games without hints or take-backs move the rating):
strength-counted = counted
strength-not-counted = not counted: { $why }
strength-why-hints = hints on
strength-why-takebacks = take-backs: { $n }
strength-why-set-up = opened or set up, not played from the start
strength-rating = About { $rating } (95%: { $low } to { $high })
strength-from = From { $moves } moves of your last { $games ->
    [one] game
   *[other] { $games } games
}: { $loss } discs lost a move.
strength-between = Between { $below } ({ $below_rating }) and { $above } ({ $above_rating }) on the engine's ladder.
strength-top = At { $level }'s level ({ $rating }) or above.
strength-bottom = At { $level }'s level ({ $rating }) or below.
strength-line = your rating
strength-points = one game
strength-graph-hover = Each dot is one game's rating; the line pools your last games; the grey lines are the engine's levels.
strength-people = Among tournament players: about { $elo } on the WTHOR database's scale.
strength-people-below = Among tournament players: below the WTHOR database's { $elo } band.
strength-people-above = Among tournament players: above the WTHOR database's { $elo } band.
strength-people-hover = Read off the discs a move that the database's players lost, band by band (their games scored by the engine: config/people.ron); 1500 is a player of average results there.
practice-tab-openings = Openings
drill-intro = Drill a named opening: the game starts from its position with you to move; the engine answers from the opening book with variety. Stay in the book as long as it goes.
drill-start = Drill { $opening }
drill-source = a drill of { $opening }
drill-on = Drilling { $opening }: { $moves ->
    [one] { $moves } book move
   *[other] { $moves } book moves
} so far.
drill-done = { $opening }: the book ends here, after { $moves ->
    [one] { $moves } book move
   *[other] { $moves } book moves
} of yours. Well played.
drill-left = You left the book with { $played } ({ $value }, { $loss ->
    [one] { $loss } disc
   *[other] { $loss } discs
} under its best, { $best } { $best_value }). Undo (Ctrl+Z) to try again.
drill-left-unknown = You left the book with { $played }, a move it does not know; its best is { $best } ({ $best_value }). Undo (Ctrl+Z) to try again.
drill-board = Drill the line on the board ({ $moves ->
    [one] 1 move
   *[other] { $moves } moves
})
drill-board-unknown = The book knows no move in the position on the board: play or load a line the book knows first.
drill-retry = Take it back and try again
practice-cards-added = { $added ->
    [one] { $added } practice card added
   *[other] { $added } practice cards added
}{ $known ->
    [0] {""}
   *[other] { " " }({ $known } already there)
}
practice-no-mistakes = No mistakes of that side to practise.

## Notices and game over

notice-title = Notice
notice-ok = OK
game-over-title = Game over
game-over-won = Well played: you won!
game-over-lost = The engine won this one.
game-over-draw = A draw.
game-over-new = New game
game-over-close = Close

## Rules and shortcuts (F1)

help-title = Rules and shortcuts
help-rules = Rules
help-rules-text = Black moves first. Place a disc so that it outflanks one or more of your opponent's discs in a straight line (across, down or diagonally) between it and another of your discs; every outflanked disc turns over to your colour. If you cannot move you pass; when neither player can move the game ends and the player with more discs wins (empty squares go to the winner).
help-playing = Playing
help-playing-text = Click a square to play there, or move the cursor there with the arrow keys or Tab and press Enter; the hints mark the legal moves, with scores: each move's outcome in discs for you (gold when exact, solved to the end), the best ringed. Click a move in the list to view that position, then play from it or continue. In engine vs engine, Pause and Step control the engines. Against the engine it thinks on your time (pondering; see Settings).
help-shortcuts = Shortcuts
key-arrows = Arrows
key-enter-space = Enter, Space
key-delete = Delete
shortcut-new = New game
shortcut-undo = Undo (against the engine: back to your last move)
shortcut-redo = Redo
shortcut-copy = Copy the transcript
shortcut-paste = Paste a transcript, OBF position or GGF game
shortcut-library = The library of your games
shortcut-hints = Move hints: off, legal moves, move scores
shortcut-best-line = The engine's best line on the board as numbered discs, on or off
shortcut-sound = Sounds on or off
shortcut-arrows = Move the board's cursor
shortcut-tab = Cursor to the next or previous legal move
shortcut-enter = Play the cursor's square (editor: paint it)
shortcut-delete = Editor: empty the cursor's square
shortcut-f1 = This window
shortcut-f10 = The menu bar: arrows walk it, Enter opens, Esc leaves
shortcut-esc = Close a window, or open the menu
shortcut-zoom = Larger or smaller text

## Opening and saving games
# $error says what went wrong, in English (it comes from the system or the file reader).

file-save-title = Save game
file-open-title = Open game
file-save = Save
file-open = Open
file-filter-games = Othello games (GGF, transcript)
file-filter-all = All files
file-prompt = File (.ggf for GGF, anything else for a transcript):
file-saved = Saved { $path }.
file-not-saved = Not saved.
file-nothing-opened = Nothing opened.
file-save-failed = Could not save: { $error }.
file-open-failed = Could not open the game: { $error }. The game is unchanged.
file-open-recent-failed = Could not open the game: { $error }. The game is unchanged, and the file is off the recent list.
file-no-dialog = No system file dialog answered, so the game asks for the path itself.

## Notices
# $path is a file's path; $error and $move_error say what went wrong, in English (they come
# from the system or the file reader); $kept is the path a damaged file was renamed to.

settings-unreadable = The settings file { $path } could not be read ({ $error }). The game started with default settings and leaves the file as it is: changes are not saved this session.
settings-damaged-kept = The settings file { $path } could not be used ({ $error }). The game started with default settings. It was kept as { $kept }.
settings-damaged-left = The settings file { $path } could not be used ({ $error }). The game started with default settings. It could not be moved aside ({ $move_error }) and was left as it is.
settings-save-failed = The settings could not be saved to { $path }: { $error }
book-unreadable = Your opening book { $path } could not be read ({ $error }); the shipped book is used and the file is left as it is.
book-damaged-kept = Your opening book { $path } could not be used ({ $error }). The shipped book is used. It was kept as { $kept }.
book-damaged-left = Your opening book { $path } could not be used ({ $error }). The shipped book is used. It could not be moved aside ({ $move_error }) and was left as it is.
book-save-failed = Your opening book { $path } could not be saved ({ $error }).
practice-unreadable = Your practice cards { $path } could not be read ({ $error }); the file is left as it is and new cards are not saved this session.
practice-damaged-kept = Your practice cards { $path } could not be used ({ $error }). A new set of cards was begun; the old file was kept as { $kept }.
practice-damaged-left = Your practice cards { $path } could not be used ({ $error }). A new set of cards was begun; the old file could not be moved aside ({ $move_error }) and was left as it is.
practice-save-failed = Your practice cards could not be saved to { $path }: { $error }
strength-unreadable = Your reviewed games { $path } could not be read ({ $error }); the file is left as it is and new games are not saved this session.
strength-damaged-kept = Your reviewed games { $path } could not be used ({ $error }). A new history was begun; the old file was kept as { $kept }.
strength-damaged-left = Your reviewed games { $path } could not be used ({ $error }). A new history was begun; the old file could not be moved aside ({ $move_error }) and was left as it is.
strength-save-failed = Your reviewed games could not be saved to { $path }: { $error }
game-unreadable = Your game in progress { $path } could not be read ({ $error }); the file is left as it is and this session's game is not kept.
game-damaged-kept = Your game in progress { $path } could not be used ({ $error }). A new game was begun; the old file was kept as { $kept }.
game-damaged-left = Your game in progress { $path } could not be used ({ $error }). A new game was begun; the old file could not be moved aside ({ $move_error }) and was left as it is.
game-save-failed = Your game could not be kept in { $path }: { $error }
book-learned = The opening book learned this game ({ $positions } positions searched)
sound-no-device = No audio device was found, so the game is silent. Connect one and restart the game to hear it, or turn sound off in Settings.
moves-bad = --moves: { $error }
graphics-none-title = Reversi cannot draw its window
graphics-none = No graphics driver on this computer gave the game a device to draw with (tried: { $tried }). Updating the graphics card's driver usually helps; in a virtual machine, switch on its 3D acceleration.
book-title = Opening book
book-none = The book knows no move here.
book-position = In the book: { $value } for the side to move, { $lines } lines through this position. { $opening }
book-col-move = Move
book-col-value = Value
book-col-from = From
book-col-lines = Lines
book-col-games = Won / drawn / lost
book-from-line = the book's line
book-from-search = a search, depth { $depth }
book-from-exact = the exact solve
book-import-edax = Import an Edax book...
book-export-edax = Export as an Edax book...
edax-importing = Reading the Edax book { $path }...
edax-exporting = Writing the book to { $path }...
edax-imported = { $positions } positions read from { $path } ({ $new } new to the book): the engine and the hints play from them now, and your book keeps them.
edax-exported = The book's { $positions } positions written to { $path } in Edax's format ({ $bytes } bytes).
edax-busy = An Edax book is still being read or written: try again when it is done.
edax-failed = Nothing was imported or written: { $error }
book-add-line = Add this line
book-add-line-tip = Adds the positions from the start to the one on the board to your book; each new one is searched (depth 14), deepest first, and the values above follow.
book-undo = Undo the last change
book-adding = Adding the line: { $done } of { $all } positions
book-stop = Stop
book-from-hand = set by hand
book-edit = Edit
book-edit-value = Value for the side that plays it:
book-set-value = Set this value
book-clear-value = Clear the value set by hand
book-remove-move = Remove this move and what only it reaches
book-edit-busy = The book is busy (a game being learned, an Edax book or a line being added): try again when it is done.
book-value-set = { $square } is worth { $value } in your book now.
book-value-cleared = { $square }'s value is the book's own again.
book-move-removed = { $square } removed from your book ({ $positions } positions).
book-line-added = The line joined your book: { $searched } positions searched, { $new } new.
book-line-stopped = The line was not added (stopped).
book-undone = The last change to the book was undone.
book-nothing-to-undo = There is no change to the book to undo.
file-import-book-title = Import an Edax book
file-export-book-title = Export the book as an Edax book
file-import = Import
file-export = Export
file-filter-edax-books = Edax books
file-prompt-edax = Edax book file (book.dat):
file-prompt-image = PNG file for the picture (board.png):
database-title = Game database
database-choose = Choose a folder...
database-no-folder = No folder chosen yet.
database-explain = The database reads the WTHOR files of the French Othello federation (every tournament game since 1977: WTH_1977.wtb ... WTH_2025.wtb, with WTHOR.JOU for the players and WTHOR.TRN for the tournaments), downloaded into a folder of your own. The first time, the games are indexed (a bar shows how far); the index is kept beside them.
database-folder = { $dir }: { $games } games
database-reading-index = Reading the index...
database-reading = Reading the WTHOR files: { $done } of { $files }
database-indexing = Indexing the games: { $done } of { $games }
database-from-index = Read from its index ({ $file }).
database-built = Read from the WTHOR files ({ $why }); the index { $file } was written for next time.
database-built-unsaved = Read from the WTHOR files ({ $why }); the index could not be written ({ $error }), so they will be read again next time.
database-opened = The game database is open: { $games } games from { $dir }.
database-player = Player:
database-years = Years:
database-any-year = any
database-clear = Clear
database-none-here = No game of the database reached this position.
database-position = { $games } games reached this position. The moves played here, with how they went for the side that played them:
database-col-move = Move
database-col-games = Games
database-col-share = Share
database-col-score = Score
database-col-discs = Mean discs
database-col-engine = Engine
database-col-book = Book
database-games = The games (the first { $shown } of { $games }):
database-open = Open
database-game-source = { $black } - { $white }, { $tournament } { $year }
library-title = Library
library-folder = Your games are kept in { $dir }
library-no-folder = This run keeps no files, so no games are kept.
library-reading = Reading your games: { $done } of { $games }
library-unreadable = { $files } files could not be read, the first: { $first }
library-no-record = No game against the engine yet.
library-record = Your record against each level
library-col-level = Level
library-col-score = Score
library-won = Won
library-drawn = Drawn
library-lost = Lost
library-unfinished = Unfinished
library-level = Level:
library-result = Result:
library-opening = Opening:
library-date = Date:
library-any = any
library-clear = Clear
library-listed = { $shown } of { $games } games:
library-col-date = Date
library-col-players = Black - White
library-col-result = Result
library-col-opening = Opening
library-col-moves = Moves
library-you = You
library-open = Open
library-open-hint = Open the game on the board to replay or review it; Game > Save writes it as GGF or a transcript.
library-copy-moves = Moves
library-copied-moves = The game's moves were copied to the clipboard.
library-copied-ggf = The game's GGF was copied to the clipboard.
library-delete = Delete
library-delete-sure = Sure?
library-deleted = Deleted { $path }.
library-game-source = Your game of { $date }
file-database-title = The folder of the WTHOR files
file-choose = Choose
file-prompt-database = Folder of the WTHOR files (.wtb):
file-not-a-folder = { $path } is not a folder.
image-title = Board as image
image-coordinates = Coordinates
image-hints = Hints
image-hints-tip = The moves' scores where the hints have them, else a dot on each legal move.
image-last-move = Last move
image-size = Size:
image-pixels = pixels
image-copy = Copy image
image-save = Save as PNG...
image-copied = The board's image ({ $size } × { $size } pixels) is on the clipboard.
file-save-image-title = Save the board as PNG
file-filter-images = PNG images
other-engine-test-passed = { $name } answered { $square } from the start in { $seconds } s.
other-engine-thinking = { $name } is thinking...
other-engine-illegal = it answered { $square }, which is not a legal move here
other-engine-failed-status = { $name } failed: our engine plays on.
other-engine-failed = The other engine, { $name }, failed: { $error }. Our engine plays in its place until you change its settings or its Test passes.
other-engine-hints-failed-status = { $name } could not give the hints: ours give them.
other-engine-hints-failed = The other engine, { $name }, failed at the hints: { $error }. Our engine gives the hints until you change its settings or its Test passes; it still plays if it is set to.
