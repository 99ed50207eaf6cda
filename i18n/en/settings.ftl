# The settings window and the names of the choices it offers.

settings-title = Settings
settings-saved = Settings are saved as you change them.

## The choices' names

mode-human-vs-engine = Human vs engine
mode-human-vs-human = Human vs human
mode-engine-vs-engine = Engine vs engine
hints-off = Off
hints-moves = Legal moves
hints-scores = Move scores
animation-off = Off
animation-slow = Slow
animation-normal = Normal
animation-fast = Fast
theme-classic = Classic green
theme-ocean = Ocean blue
theme-high-contrast = High contrast
theme-colour-blind = Colour-blind safe
ponder-all-replies = All your replies
ponder-predicted = Your predicted move
clock-off = Off
# A time control: $minutes for each side, $increment seconds added after each move.
clock-minutes = { $minutes } min
clock-minutes-increment = { $minutes } min + { $increment } s
language-system = System ({ $language })

## The rows

settings-game = Game
settings-colour = Your colour
settings-black = Black (moves first)
settings-white = White
settings-difficulty = Difficulty
# A level in the list: $number its place on the ladder, $name its name.
settings-level-item = { $number }. { $name }
settings-hints = Hints (H)
settings-hints-about = Move scores: each legal move's score in discs (gold when exact), the best ringed.
settings-hint-strength = Hint strength
hint-strength-quick = Quick
hint-strength-normal = Normal
hint-strength-deep = Deep
hint-strength-quick-about = About { $seconds } s a position: the scores settle at once and leave the computer quiet, but are shallower.
hint-strength-normal-about = About { $seconds } s a position, as long as the strongest timed level thinks about a move.
hint-strength-deep-about = Up to { $seconds } s a position: deeper scores, with every engine thread busy while you think (a laptop's fan will say so).
settings-clocks = Clocks
settings-clocks-about = Time for each side from the next game on, plus the seconds added after each move; the engine plays by its clock too.
settings-designer = Designer
settings-designer-view = Designer's view
settings-designer-about = Play with your own tables (a folder beside your settings, empty at first: the shipped tables) and see why the engine likes a position; edit its entries there. reversi --config DIR does the same with any folder.
settings-files = Files
settings-system-dialogs = Use the system's file dialogs
settings-files-about = Off, or when none answers, Open and Save ask for a path in the game.
settings-book = Opening book
settings-learn = Learn from finished games
settings-book-about = Each finished game's opening is searched and added to your book, so that a line that lost is not played again.
settings-pondering = Pondering
settings-ponder = Engine thinks on your time
settings-ponder-hints = With move scores on, scoring your moves is the pondering.
settings-animation = Animation
settings-sound = Sound
settings-sounds = Sounds
settings-quiet = Quiet while the window is in the background
settings-text-size = Text size
settings-text-size-about = Menus, panels and windows; Ctrl+Plus and Ctrl+Minus change it too.
settings-language = Language
settings-language-about = The game's words; the board's coordinates and the moves stay a1-h8.
settings-board = Board
settings-memory = Engine memory
settings-memory-hover = Transposition table size: more remembers more positions
settings-threads = Engine threads
settings-threads-all-but-one = { $threads } (all cores but one)
settings-threads-hover = The cores the engine thinks on (this machine has { $cores }); the board keeps one to stay smooth

## The Adaptive level

adaptive-name = Adaptive
adaptive-item = Adaptive (about { $rating })
adaptive-about = Plays at your strength: about { $rating } on the ladder's scale now, making mistakes as a player of that rating does: in the opening, the middle game and the endgame, each as large as the levels around it make them. After each game it plays stronger if you won, weaker if you lost, to keep you near half your games.
adaptive-about-people = Plays at your strength: about { $rating } on the ladder's scale now, making mistakes as tournament players of about { $elo } did in the WTHOR database's games (as the Tournament levels do). After each game it plays stronger if you won, weaker if you lost, to keep you near half your games.
adaptive-moved = The Adaptive level now plays at about { $after } (it was { $before }).
settings-other-engine = Other engine
settings-other-engine-hover = Any program that speaks the NBoard protocol (NTest, Edax, or this game's own reversi-engine nboard): the command line that starts it.
settings-other-engine-placeholder = e.g. reversi-engine nboard
settings-other-name = Its name
settings-other-name-placeholder = the name it gives itself
settings-other-depth = Its depth
settings-other-plays = Plays instead of ours
settings-other-plays-hover = It plays the engine's side against you, and White in engine vs engine.
settings-other-hints = Gives the hints' scores
settings-other-timeout = Its time limit
settings-other-timeout-value = s a move
settings-other-test = Test
settings-other-testing = Starting it and asking for a move...
