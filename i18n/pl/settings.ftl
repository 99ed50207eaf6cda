# The settings window and the names of the choices it offers.

settings-title = Ustawienia
settings-saved = Zmiany ustawień są zapisywane od razu.

## The choices' names

mode-human-vs-engine = Człowiek kontra silnik
mode-human-vs-human = Człowiek kontra człowiek
mode-engine-vs-engine = Silnik kontra silnik
hints-off = Wyłączone
hints-moves = Dozwolone ruchy
hints-scores = Oceny ruchów
animation-off = Wyłączona
animation-slow = Wolna
animation-normal = Normalna
animation-fast = Szybka
theme-classic = Klasyczny zielony
theme-ocean = Oceaniczny niebieski
theme-high-contrast = Wysoki kontrast
theme-colour-blind = Dla daltonistów
ponder-all-replies = Wszystkie twoje odpowiedzi
ponder-predicted = Twój przewidywany ruch
clock-off = Bez zegara
# A time control: $minutes for each side, $increment seconds added after each move.
clock-minutes = { $minutes } min
clock-minutes-increment = { $minutes } min + { $increment } s
language-system = Systemowy ({ $language })

## The rows

settings-game = Gra
settings-colour = Twój kolor
settings-black = Czarne (zaczynają)
settings-white = Białe
settings-difficulty = Poziom trudności
# A level in the list: $number its place on the ladder, $name its name.
settings-level-item = { $number }. { $name }
settings-hints = Podpowiedzi (H)
settings-hints-about = Oceny ruchów: ocena każdego dozwolonego ruchu w pionkach (złota, gdy dokładna), najlepszy w kółku.
settings-hint-strength = Siła podpowiedzi
hint-strength-quick = Szybkie
hint-strength-normal = Zwykłe
hint-strength-deep = Głębokie
hint-strength-quick-about = Około { $seconds } s na pozycję: oceny ustalają się od razu i nie obciążają komputera, ale są płytsze.
hint-strength-normal-about = Około { $seconds } s na pozycję, tyle, ile najsilniejszy poziom z czasem myśli nad ruchem.
hint-strength-deep-about = Do { $seconds } s na pozycję: głębsze oceny, a wszystkie wątki programu pracują, gdy myślisz (wentylator laptopa to usłyszy).
settings-clocks = Zegary
settings-clocks-about = Czas każdej strony od następnej partii oraz sekundy dodawane po każdym ruchu; silnik też gra według swojego zegara.
settings-designer = Projektant
settings-designer-view = Widok projektanta
settings-designer-about = Graj z własnymi tabelami (folder obok twoich ustawień, na początku pusty: tabele dostarczone z grą) i zobacz, dlaczego silnik lubi daną pozycję; tam edytujesz ich wpisy. reversi --config DIR robi to samo z dowolnym folderem.
settings-files = Pliki
settings-system-dialogs = Używaj systemowych okien plików
settings-files-about = Gdy wyłączone albo gdy żadne nie odpowiada, Otwórz i Zapisz pytają o ścieżkę w samej grze.
settings-book = Książka otwarć
settings-learn = Ucz się z zakończonych partii
settings-book-about = Otwarcie każdej zakończonej partii jest analizowane i dodawane do twojej książki, aby przegrana linia nie została zagrana ponownie.
settings-pondering = Myślenie w czasie przeciwnika
settings-ponder = Silnik myśli w twoim czasie
settings-ponder-hints = Przy włączonych ocenach ruchów myśleniem w czasie przeciwnika jest ocenianie twoich ruchów.
settings-animation = Animacja
settings-sound = Dźwięk
settings-sounds = Dźwięki
settings-quiet = Wycisz, gdy okno jest w tle
settings-text-size = Rozmiar tekstu
settings-text-size-about = Menu, panele i okna; zmieniają go też Ctrl+Plus i Ctrl+Minus.
settings-language = Język
settings-language-about = Słowa w grze; współrzędne planszy i ruchy pozostają a1-h8.
settings-board = Plansza
settings-memory = Pamięć silnika
settings-memory-hover = Rozmiar tablicy transpozycji: im większa, tym więcej pozycji zapamiętuje
settings-threads = Wątki silnika
settings-threads-all-but-one = { $threads } (wszystkie rdzenie oprócz jednego)
settings-threads-hover = Rdzenie, na których myśli silnik (rdzenie tego komputera: { $cores }); plansza zachowuje jeden, by działać płynnie

## Levels

level-beginner = Początkujący
level-beginner-about = Patrzy jeden ruch do przodu i często gra słabszy ruch, niż mógłby.
level-novice = Nowicjusz
level-novice-about = Patrzy jeden ruch do przodu i zwykle wybiera dobry ruch.
level-monte-carlo = Monte Carlo
level-monte-carlo-about = Rozgrywa tysiące losowych partii od każdego ruchu, około sekundy na ruch, i wybiera ruch, który wygrywa najczęściej; od 10 pustych pól znajduje pewną wygraną, jeśli taka istnieje.
level-casual = Amator
level-casual-about = Patrzy dwa ruchy do przodu; gra rozsądnie, ale od czasu do czasu popełnia grube błędy.
level-club = Klubowy
level-club-about = Liczy trzy ruchy do przodu; popełnia tylko drobne błędy.
level-intermediate = Średniozaawansowany
level-intermediate-about = Liczy cztery ruchy do przodu, rzadko cokolwiek oddaje, a ostatnie 10 ruchów gra bezbłędnie.
level-advanced = Zaawansowany
level-advanced-about = Zawsze gra najlepszy ruch, jaki widzi pięć ruchów do przodu; bezbłędny od 12 pustych pól.
level-expert = Ekspert
level-expert-about = Liczy siedem ruchów do przodu; bezbłędny od 14 pustych pól.
level-master = Mistrz
level-master-about = Liczy dziewięć ruchów do przodu; bezbłędny od 16 pustych pól.
level-grandmaster = Arcymistrz
level-grandmaster-about = Liczy jedenaście ruchów do przodu; bezbłędny od 18 pustych pól.
level-strongest = Najsilniejszy
level-strongest-about = Myśli około trzech sekund nad ruchem (dłużej w środkowej fazie gry, krócej w otwarciu) i liczy obiecujące linie 18 do 24 ruchów do przodu; bezbłędny od 20 pustych pól, wcześniej, gdy pozwala na to czas.
level-tournament-1400 = Turniej 1400
level-tournament-1400-about = Popełnia błędy jak gracze turniejowi z rankingiem około 1400 w partiach bazy WTHOR: zwykle dobre ruchy, od czasu do czasu prawdziwy błąd. Zna wartość każdego ruchu na dziesięć ruchów do przodu (dokładnie od 18 pustych pól) i myli się jak oni, w każdej fazie gry.
level-tournament-1800 = Turniej 1800
level-tournament-1800-about = Popełnia błędy jak gracze turniejowi z rankingiem około 1800 w partiach bazy WTHOR: zwykle dobre ruchy, od czasu do czasu prawdziwy błąd. Zna wartość każdego ruchu na dziesięć ruchów do przodu (dokładnie od 18 pustych pól) i myli się jak oni, w każdej fazie gry.
level-tournament-2000 = Turniej 2000
level-tournament-2000-about = Popełnia błędy jak gracze turniejowi z rankingiem około 2000 w partiach bazy WTHOR: zwykle dobre ruchy, od czasu do czasu prawdziwy błąd. Zna wartość każdego ruchu na dziesięć ruchów do przodu (dokładnie od 18 pustych pól) i myli się jak oni, w każdej fazie gry.

## The Adaptive level

adaptive-name = Dopasowany
adaptive-item = Dopasowany (około { $rating })
adaptive-about = Gra na twoim poziomie: teraz około { $rating } w skali drabiny i myli się jak gracz o tej sile: w otwarciu, w środku gry i w końcówce, za każdym razem tak bardzo, jak poziomy wokół tej wartości. Po każdej partii gra mocniej, jeśli wygrałeś, słabiej, jeśli przegrałeś, by wygrywać z nim około połowy partii.
adaptive-about-people = Gra na twoim poziomie: teraz około { $rating } w skali drabiny i myli się jak gracze turniejowi z rankingiem około { $elo } w partiach bazy WTHOR (jak poziomy Turniej). Po każdej partii gra mocniej, jeśli wygrałeś, słabiej, jeśli przegrałeś, by wygrywać z nim około połowy partii.
adaptive-moved = Poziom dopasowany gra teraz na około { $after } (wcześniej { $before }).
settings-other-engine = Inny silnik
settings-other-engine-hover = Dowolny program mówiący protokołem NBoard (NTest, Edax albo reversi-engine nboard z tej gry): polecenie, które go uruchamia.
settings-other-engine-placeholder = np. reversi-engine nboard
settings-other-name = Jego nazwa
settings-other-name-placeholder = nazwa, którą sam podaje
settings-other-depth = Jego głębokość
settings-other-plays = Gra zamiast naszego
settings-other-plays-hover = Gra stroną silnika przeciw tobie, a w trybie silnik kontra silnik białymi.
settings-other-hints = Podaje oceny podpowiedzi
settings-other-timeout = Jego limit czasu
settings-other-timeout-value = s na ruch
settings-other-test = Test
settings-other-testing = Uruchamianie i pytanie o ruch...
