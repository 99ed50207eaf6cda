# The windows: first start, about, the quick menu, paste, notices, game over, rules and
# shortcuts.

## The first start

welcome-title = Witaj w Reversi
welcome-intro = Jak chcesz grać z silnikiem? Wszystko to możesz później zmienić w Ustawieniach.
welcome-you-play = Grasz
welcome-black = Czarnymi (zaczynasz)
welcome-white = Białymi
welcome-engine = Silnik
welcome-easiest = najłatwiejszy
welcome-strongest = najsilniejszy
# $name is the level's name, $about what it does.
welcome-level = { $name }: { $about }
welcome-help = Pomoc na planszy
welcome-hints-off = Plansza niczego nie pokazuje: gra jak przy prawdziwej planszy.
welcome-hints-moves = Kropka na każdym polu, na którym możesz zagrać.
welcome-hints-scores = Ocena każdego ruchu wyliczona przez silnik: to zdradza wszystko.
welcome-play = Graj

## About

about-title = O programie Reversi
about-heading = Reversi { $version }
about-description = Gra Reversi/Othello na komputer wraz z silnikiem: bitboardy, MTD(f), dokładny solver końcówek i tabele oceny, które projektant może edytować.
about-built = Zbudowano z użyciem Rust, Bevy i egui. Licencja: MIT OR Apache-2.0.
about-crates = Biblioteki open source (crates), z których powstała gra ({ $count })
about-font = Tekst japoński: Noto Sans CJK JP (SIL Open Font License 1.1), ograniczony do znaków używanych w grze.

## The quick menu (Esc)

quick-menu-title = Menu
quick-new-game = Nowa partia
quick-undo = Cofnij
quick-open = Otwórz partię...
quick-save = Zapisz partię...
quick-settings = Ustawienia...
quick-rules = Zasady i skróty
quick-quit = Zakończ
quick-esc = Esc zamyka to menu.

## Paste

paste-title = Wklej partię lub pozycję
paste-intro = Zapis partii (f5d6c3...), pozycja OBF (64 pola X, O lub - oraz strona na ruchu) albo partia GGF:
paste-from-clipboard = Wklej ze schowka
paste-load = Wczytaj

## Practice
# $source is where the card came from: the date and time of a game, or a file's name; $ply
# the move's number in its game.

practice-title = Trening
practice-empty = Nie ma jeszcze kart. Przeanalizuj partię (Gra > Analiza partii), a potem naciśnij „Ćwicz błędy...” w panelu bocznym: każdy błąd stanie się tu zadaniem.
practice-summary = Karty: { $cards }, do powtórki teraz: { $due }
practice-start = Zacznij
practice-ahead = Ćwicz z wyprzedzeniem
practice-making = Tworzenie kart: ocenione błędy { $scored } z { $mistakes }
practice-find = { $side ->
    [black] Ruch czarnych
   *[white] Ruch białych
}: znajdź najlepszy ruch
practice-source = Źródło: { $source }, ruch { $ply }
practice-values-exact = Wartości dokładne
practice-values-depth = Wartości z przeszukiwania na głębokość { $depth }
practice-click = Kliknij pole, aby odpowiedzieć.
practice-right = Dobrze: { $chosen } to najlepszy ruch ({ $score }).
practice-wrong = Nie całkiem: { $chosen } ({ $score }) traci { $loss ->
    [one] { $loss } pionek
    [few] { $loss } pionki
    [many] { $loss } pionków
   *[other] { $loss } pionka
}. Najlepszy: { $best } ({ $best_score }).
practice-played = W partii zagrałeś { $played }, tracąc { $loss ->
    [one] { $loss } pionek
    [few] { $loss } pionki
    [many] { $loss } pionków
   *[other] { $loss } pionka
}.
practice-due-minutes = Wróci za { $minutes ->
    [one] { $minutes } minutę
    [few] { $minutes } minuty
    [many] { $minutes } minut
   *[other] { $minutes } minuty
}.
practice-due-hours = Wróci za { $hours ->
    [one] { $hours } godzinę
    [few] { $hours } godziny
    [many] { $hours } godzin
   *[other] { $hours } godziny
}.
practice-due-days = Wróci za { $days ->
    [one] { $days } dzień
   *[other] { $days } dni
}.
practice-finding-line = Szukanie najlepszej linii...
practice-line = Najlepsza linia: { $moves }
practice-step = ruch { $step } z { $plies }: czarne { $black }, białe { $white }
practice-next = Następna karta
practice-skip = Pomiń
practice-remove = Usuń kartę
practice-remove-hover = Usuń tę kartę z treningu na dobre.
practice-tab-cards = Twoje błędy
practice-tab-positions = Pozycje
practice-positions-intro = Pozycja z partii silnika o wartości w wybranym zakresie. Grasz stroną na ruchu przeciw poziomowi { $level } na planszy; po końcu partii zobaczysz swój wynik na tle wartości pozycji.
practice-opponent = Przeciwnik:
practice-opponent-hover = Poziom, który rozgrywa pozycję przeciwko tobie. Najsilniejszy sprawdza, czy utrzymasz wartość pozycji; słabszy da łagodniejszą partię.
practice-empties = Puste pola:
practice-range = Wartość:
practice-range-even = Równa (od -2 do +2)
practice-range-winning = Wygraj wygraną (od +6 do +12)
practice-range-losing = Ratuj partię (od -12 do -6)
practice-range-any = Dowolna
practice-from = od
practice-to = do
practice-matching = Pasujące pozycje: { $count }
practice-play = Zagraj pozycję
practice-playing = Na planszy jest pozycja treningowa; jej wartość pokaże się po końcu partii.
practice-no-position = Żadna pozycja treningowa nie ma tej wartości przy tylu pustych polach.
practice-precision-exact = Ich wartości są dokładne: policzone do końca gry.
practice-precision-depth = Ich wartości pochodzą z przeszukiwania na głębokość { $depth }, nie do końca gry: przeszukiwanie o cztery ruchy głębsze zmienia je średnio o około jeden pion, ale wartość może się mylić o kilka pionów względem dokładnego wyniku.
practice-precision-mixed = { $solved } z tych { $count } wartości { $how ->
    [exact] są dokładne, policzone do końca gry
   *[selective] pochodzą z selektywnego przeszukiwania do końca gry
}; pozostałe pochodzą z przeszukiwania na głębokość { $depth } i często mylą się o kilka pionów.
practice-precision-selective = Ich wartości pochodzą z selektywnego przeszukiwania do końca gry, którego cięcia są pewne na { $sure } odchylenia standardowego: w porównaniu z dokładnymi wynikami przy 24 pustych polach 91% takich wartości było dokładnych, a większość pozostałych myliła się o 2 piony.
practice-precision-margin = Wartość z przeszukiwania liczy się tylko wtedy, gdy leży co najmniej o jeden pion wewnątrz zakresu: po przeszukaniu o cztery ruchy głębiej 97% takich wartości zostało w zakresie, a z wartościami na jego krańcach 86%.
practice-position-source = pozycja treningowa (puste pola: { $empties })
practice-result = Trening: skończyłeś z wynikiem { $result }; pozycja była warta { $worth } dla ciebie ({ $exact ->
    [yes] dokładnie
    [selective] selektywnie do końca gry, pewność { $sure } odchylenia standardowego
   *[no] głębokość { $depth }
}). { $lost ->
    [0] Utrzymałeś jej wartość.
    [one] Oddałeś { $lost } pionek.
    [few] Oddałeś { $lost } pionki.
    [many] Oddałeś { $lost } pionków.
   *[other] Oddałeś { $lost } pionka.
}
practice-tab-strength = Twoja siła
strength-empty = Twoja siła pokaże się tu, gdy przeanalizujesz skończoną partię rozegraną z silnikiem (Gra > Analiza partii po jej końcu): liczy się strata każdego twojego ruchu względem najlepszego.
strength-none-rated = Żadna z twoich przeanalizowanych partii jeszcze się nie liczy: partia się liczy, gdy grasz ją z programem od początku, z wyłączonymi podpowiedziami i bez cofania ruchów.
strength-games = Twoje ostatnie przeanalizowane partie (ranking zmieniają tylko partie bez podpowiedzi i cofania ruchów):
strength-counted = liczy się
strength-not-counted = nie liczy się: { $why }
strength-why-hints = podpowiedzi włączone
strength-why-takebacks = cofnięte ruchy: { $n }
strength-why-set-up = otwarta lub ustawiona, nie grana od początku
strength-rating = Około { $rating } (95%: od { $low } do { $high })
strength-from = Z { $moves } ruchów ostatnich partii ({ $games }): średnio { $loss } pionka straty na ruch.
strength-between = Między poziomami { $below } ({ $below_rating }) i { $above } ({ $above_rating }) na drabinie silnika.
strength-top = Na poziomie { $level } ({ $rating }) lub wyżej.
strength-bottom = Na poziomie { $level } ({ $rating }) lub niżej.
strength-line = twój ranking
strength-points = jedna partia
strength-graph-hover = Każda kropka to ranking jednej partii; linia łączy ostatnie partie; szare linie to poziomy silnika.
strength-people = Wśród graczy turniejowych: około { $elo } w skali bazy WTHOR.
strength-people-below = Wśród graczy turniejowych: poniżej przedziału { $elo } bazy WTHOR.
strength-people-above = Wśród graczy turniejowych: powyżej przedziału { $elo } bazy WTHOR.
strength-people-hover = Odczytane ze strat na ruch graczy bazy, przedział po przedziale (ich partie ocenione przez silnik: config/people.ron); 1500 to gracz o przeciętnych wynikach.
practice-tab-openings = Otwarcia
drill-intro = Ćwicz nazwane otwarcie: partia zaczyna się z jego pozycji, a ruch masz ty; silnik odpowiada z książki otwarć, za każdym razem trochę inaczej. Trzymaj się książki, jak długo sięga.
drill-start = Ćwicz: { $opening }
drill-source = ćwiczenie otwarcia { $opening }
drill-on = Ćwiczysz { $opening }: ruchy z książki: { $moves }.
drill-done = { $opening }: tu książka się kończy; twoje ruchy z książki: { $moves }. Dobrze zagrane.
drill-left = Wyszedłeś z książki ruchem { $played } ({ $value }, strata { $loss } względem najlepszego { $best } { $best_value }). Cofnij (Ctrl+Z), by spróbować znowu.
drill-left-unknown = Wyszedłeś z książki ruchem { $played }, którego książka nie zna; jej najlepszy to { $best } ({ $best_value }). Cofnij (Ctrl+Z), by spróbować znowu.
drill-board = Ćwicz linię z planszy (ruchy: { $moves })
drill-board-unknown = Książka nie zna żadnego ruchu w pozycji na planszy: najpierw zagraj lub wczytaj linię, którą książka zna.
drill-retry = Cofnij ruch i spróbuj znowu
practice-cards-added = Dodane karty treningowe: { $added }{ $known ->
    [0] {""}
   *[other] { " " }(już były: { $known })
}
practice-no-mistakes = Ta strona nie ma błędów do ćwiczenia.

## Notices and game over

notice-title = Komunikat
notice-ok = OK
game-over-title = Koniec partii
game-over-won = Dobra gra: wygrywasz!
game-over-lost = Tym razem wygrał silnik.
game-over-draw = Remis.
game-over-new = Nowa partia
game-over-close = Zamknij

## Rules and shortcuts (F1)

help-title = Zasady i skróty
help-rules = Zasady
help-rules-text = Czarne zaczynają. Połóż pionek tak, aby w linii prostej (poziomo, pionowo lub po skosie) między nim a innym twoim pionkiem znalazł się co najmniej jeden pionek przeciwnika; każdy tak otoczony pionek odwraca się na twój kolor. Jeśli nie masz ruchu, pasujesz; gdy żaden gracz nie może się ruszyć, partia się kończy i wygrywa ten, kto ma więcej pionków (puste pola przypadają zwycięzcy).
help-playing = Gra
help-playing-text = Kliknij pole, aby tam zagrać, albo przesuń na nie kursor strzałkami lub klawiszem Tab i naciśnij Enter; podpowiedzi zaznaczają dozwolone ruchy, a z ocenami: wynik każdego ruchu w pionkach dla ciebie (złoty, gdy dokładny, czyli policzony do końca), najlepszy w kółku. Kliknij ruch na liście, aby zobaczyć tę pozycję, potem zagraj z niej albo kontynuuj. W trybie silnik kontra silnik przyciski Wstrzymaj i Krok sterują silnikami. W grze z silnikiem myśli on w twoim czasie (myślenie w czasie przeciwnika; zob. Ustawienia).
help-shortcuts = Skróty klawiszowe
key-arrows = Strzałki
key-enter-space = Enter, Spacja
key-delete = Delete
shortcut-new = Nowa partia
shortcut-undo = Cofnij (w grze z silnikiem: do twojego ostatniego ruchu)
shortcut-redo = Ponów
shortcut-copy = Kopiuj zapis partii
shortcut-paste = Wklej zapis partii, pozycję OBF lub partię GGF
shortcut-library = Biblioteka twoich partii
shortcut-hints = Podpowiedzi: wyłączone, dozwolone ruchy, oceny ruchów
shortcut-best-line = Najlepszy wariant programu na planszy jako ponumerowane pionki, włącz lub wyłącz
shortcut-sound = Włącz lub wyłącz dźwięki
shortcut-arrows = Przesuń kursor na planszy
shortcut-tab = Kursor na następny lub poprzedni dozwolony ruch
shortcut-enter = Zagraj na polu kursora (edytor: wypełnij je)
shortcut-delete = Edytor: opróżnij pole kursora
shortcut-f1 = To okno
shortcut-f10 = Pasek menu: strzałki po nim przechodzą, Enter otwiera, Esc wychodzi
shortcut-esc = Zamknij okno albo otwórz menu
shortcut-zoom = Większy lub mniejszy tekst

## Opening and saving games
# $error says what went wrong, in English (it comes from the system or the file reader).

file-save-title = Zapisz partię
file-open-title = Otwórz partię
file-save = Zapisz
file-open = Otwórz
file-filter-games = Partie Othello (GGF, zapis partii)
file-filter-all = Wszystkie pliki
file-prompt = Plik (.ggf dla GGF, inne rozszerzenie dla zapisu partii):
file-saved = Zapisano: { $path }.
file-not-saved = Nie zapisano.
file-nothing-opened = Niczego nie otwarto.
file-save-failed = Nie udało się zapisać: { $error }.
file-open-failed = Nie udało się otworzyć partii: { $error }. Partia pozostała bez zmian.
file-open-recent-failed = Nie udało się otworzyć partii: { $error }. Partia pozostała bez zmian, a plik usunięto z listy ostatnich.
file-no-dialog = Żadne systemowe okno plików nie odpowiedziało, więc gra sama pyta o ścieżkę.

## Notices
# $path is a file's path; $error and $move_error say what went wrong, in English (they come
# from the system or the file reader); $kept is the path a damaged file was renamed to.

settings-unreadable = Nie udało się odczytać pliku ustawień { $path } ({ $error }). Gra uruchomiła się z ustawieniami domyślnymi i zostawia plik bez zmian: w tej sesji zmiany nie są zapisywane.
settings-damaged-kept = Nie udało się użyć pliku ustawień { $path } ({ $error }). Gra uruchomiła się z ustawieniami domyślnymi. Plik zachowano jako { $kept }.
settings-damaged-left = Nie udało się użyć pliku ustawień { $path } ({ $error }). Gra uruchomiła się z ustawieniami domyślnymi. Nie udało się przenieść pliku ({ $move_error }), więc pozostał bez zmian.
settings-save-failed = Nie udało się zapisać ustawień w { $path }: { $error }
book-unreadable = Nie udało się odczytać twojej książki otwarć { $path } ({ $error }); używana jest książka dostarczona z grą, a plik pozostaje bez zmian.
book-damaged-kept = Nie udało się użyć twojej książki otwarć { $path } ({ $error }). Używana jest książka dostarczona z grą. Plik zachowano jako { $kept }.
book-damaged-left = Nie udało się użyć twojej książki otwarć { $path } ({ $error }). Używana jest książka dostarczona z grą. Nie udało się przenieść pliku ({ $move_error }), więc pozostał bez zmian.
book-save-failed = Nie udało się zapisać twojej książki otwarć { $path } ({ $error }).
practice-unreadable = Nie udało się odczytać twoich kart treningowych { $path } ({ $error }); plik zostaje bez zmian, a nowe karty nie będą zapisywane w tej sesji.
practice-damaged-kept = Nie udało się użyć twoich kart treningowych { $path } ({ $error }). Zaczęto nowy zestaw kart; stary plik zachowano jako { $kept }.
practice-damaged-left = Nie udało się użyć twoich kart treningowych { $path } ({ $error }). Zaczęto nowy zestaw kart; starego pliku nie udało się przenieść ({ $move_error }) i pozostał bez zmian.
practice-save-failed = Nie udało się zapisać kart treningowych w { $path }: { $error }
strength-unreadable = Nie udało się odczytać twoich przeanalizowanych partii { $path } ({ $error }); plik zostaje bez zmian, a nowe partie nie będą zapisywane w tej sesji.
strength-damaged-kept = Nie udało się użyć twoich przeanalizowanych partii { $path } ({ $error }). Zaczęto nową historię; stary plik zachowano jako { $kept }.
strength-damaged-left = Nie udało się użyć twoich przeanalizowanych partii { $path } ({ $error }). Zaczęto nową historię; starego pliku nie udało się przenieść ({ $move_error }) i pozostał bez zmian.
strength-save-failed = Nie udało się zapisać przeanalizowanych partii w { $path }: { $error }
game-unreadable = Nie udało się odczytać twojej trwającej partii { $path } ({ $error }); plik zostaje bez zmian, a partia z tej sesji nie będzie zapisywana.
game-damaged-kept = Nie udało się użyć twojej trwającej partii { $path } ({ $error }). Zaczęto nową partię; stary plik zachowano jako { $kept }.
game-damaged-left = Nie udało się użyć twojej trwającej partii { $path } ({ $error }). Zaczęto nową partię; starego pliku nie udało się przenieść ({ $move_error }) i pozostał bez zmian.
game-save-failed = Nie udało się zapisać partii w { $path }: { $error }
book-learned = Książka otwarć nauczyła się tej partii (przeszukane pozycje: { $positions })
sound-no-device = Nie znaleziono urządzenia audio, więc gra jest bezgłośna. Podłącz je i uruchom grę ponownie, aby mieć dźwięk, albo wyłącz dźwięk w Ustawieniach.
moves-bad = --moves: { $error }
graphics-none-title = Reversi nie może narysować swojego okna
graphics-none = Żaden sterownik grafiki na tym komputerze nie dał grze urządzenia do rysowania (próbowano: { $tried }). Zwykle pomaga aktualizacja sterownika karty graficznej; w maszynie wirtualnej włącz akcelerację 3D.
book-title = Książka otwarć
book-none = Książka nie zna tu żadnego ruchu.
book-position = W książce: { $value } dla strony na ruchu, linii przez tę pozycję: { $lines }. { $opening }
book-col-move = Ruch
book-col-value = Ocena
book-col-from = Skąd
book-col-lines = Linie
book-col-games = Wygrane / remisy / przegrane
book-from-line = linia książki
book-from-search = przeszukanie, głębokość { $depth }
book-from-exact = dokładne rozwiązanie
book-import-edax = Importuj książkę Edaxa...
book-export-edax = Eksportuj jako książkę Edaxa...
edax-importing = Czytam książkę Edaxa { $path }...
edax-exporting = Zapisuję książkę do { $path }...
edax-imported = Wczytano pozycje: { $positions } z { $path } (nowych w książce: { $new }); silnik i podpowiedzi już z nich korzystają, a twoja książka je zachowuje.
edax-exported = Pozycje książki ({ $positions }) zapisane do { $path } w formacie Edaxa (bajtów: { $bytes }).
edax-busy = Książka Edaxa jest jeszcze czytana lub zapisywana: spróbuj ponownie, gdy skończy.
edax-failed = Nic nie zostało zaimportowane ani zapisane: { $error }
book-add-line = Dodaj ten wariant
book-add-line-tip = Dodaje do twojej książki pozycje od początku do tej na planszy; każda nowa jest przeszukiwana (głębokość 14), od najgłębszej, a wartości wyżej idą za nimi.
book-undo = Cofnij ostatnią zmianę
book-adding = Dodawanie wariantu: { $done } z { $all } pozycji
book-stop = Zatrzymaj
book-from-hand = ustawiona ręcznie
book-edit = Edytuj
book-edit-value = Wartość dla strony, która go gra:
book-set-value = Ustaw tę wartość
book-clear-value = Usuń wartość ustawioną ręcznie
book-remove-move = Usuń ten ruch i to, do czego prowadzi tylko on
book-edit-busy = Książka jest zajęta (uczenie się partii, dodawanie książki Edaxa lub wariantu): spróbuj, gdy się skończy.
book-value-set = { $square } ma teraz w twojej książce wartość { $value }.
book-value-cleared = Wartość { $square } znów pochodzi z książki.
book-move-removed = Usunięto { $square } z twojej książki (pozycje: { $positions }).
book-line-added = Wariant dołączył do twojej książki: przeszukane pozycje: { $searched }, nowe: { $new }.
book-line-stopped = Wariant nie został dodany (zatrzymano).
book-undone = Cofnięto ostatnią zmianę książki.
book-nothing-to-undo = Nie ma zmiany książki do cofnięcia.
file-import-book-title = Import książki Edaxa
file-export-book-title = Eksport książki w formacie Edaxa
file-import = Importuj
file-export = Eksportuj
file-filter-edax-books = Książki Edaxa
file-prompt-edax = Plik książki Edaxa (book.dat):
file-prompt-image = Plik PNG na obraz (board.png):
database-title = Baza partii
database-choose = Wybierz folder...
database-no-folder = Nie wybrano jeszcze folderu.
database-explain = Baza czyta pliki WTHOR francuskiej federacji othello (każda partia turniejowa od 1977 roku: WTH_1977.wtb ... WTH_2025.wtb, z WTHOR.JOU dla graczy i WTHOR.TRN dla turniejów), pobrane do twojego folderu. Za pierwszym razem partie są indeksowane (pasek pokazuje postęp); indeks zostaje obok nich.
database-folder = { $dir }: partie: { $games }
database-reading-index = Czytanie indeksu...
database-reading = Czytanie plików WTHOR: { $done } z { $files }
database-indexing = Indeksowanie partii: { $done } z { $games }
database-from-index = Wczytano z indeksu ({ $file }).
database-built = Wczytano z plików WTHOR ({ $why }); indeks { $file } zapisano na następny raz.
database-built-unsaved = Wczytano z plików WTHOR ({ $why }); indeksu nie udało się zapisać ({ $error }), więc następnym razem zostaną przeczytane ponownie.
database-opened = Baza partii otwarta: partie: { $games } z { $dir }.
database-player = Gracz:
database-years = Lata:
database-any-year = dowolny
database-clear = Wyczyść
database-none-here = Żadna partia z bazy nie doszła do tej pozycji.
database-position = Partie, które doszły do tej pozycji: { $games }. Ruchy zagrane tutaj i jak poszło stronie, która je zagrała:
database-col-move = Ruch
database-col-games = Partie
database-col-share = Udział
database-col-score = Wynik
database-col-discs = Średnio pionów
database-col-engine = Silnik
database-col-book = Książka
database-games = Partie (pierwsze { $shown } z { $games }):
database-open = Otwórz
database-game-source = { $black } - { $white }, { $tournament } { $year }
library-title = Biblioteka
library-folder = Twoje partie są zapisywane w { $dir }
library-no-folder = To uruchomienie nie zapisuje plików, więc partie nie są zachowywane.
library-reading = Wczytywanie partii: { $done } z { $games }
library-unreadable = Nie udało się odczytać plików: { $files }; pierwszy: { $first }
library-no-record = Nie ma jeszcze partii z programem.
library-record = Twój wynik z każdym poziomem
library-col-level = Poziom
library-col-score = Wynik
library-won = Wygrane
library-drawn = Remisy
library-lost = Przegrane
library-unfinished = Niedokończone
library-level = Poziom:
library-result = Wynik:
library-opening = Otwarcie:
library-date = Data:
library-any = dowolny
library-clear = Wyczyść
library-listed = Partie: { $shown } z { $games }
library-col-date = Data
library-col-players = Czarne - Białe
library-col-result = Wynik
library-col-opening = Otwarcie
library-col-moves = Ruchy
library-you = Ty
library-open = Otwórz
library-open-hint = Otwórz partię na planszy, by ją odtworzyć lub przeanalizować; Gra > Zapisz zapisze ją jako GGF lub zapis ruchów.
library-copy-moves = Ruchy
library-copied-moves = Skopiowano ruchy partii do schowka.
library-copied-ggf = Skopiowano partię w formacie GGF do schowka.
library-delete = Usuń
library-delete-sure = Na pewno?
library-deleted = Usunięto { $path }.
library-game-source = Twoja partia z { $date }
file-database-title = Folder plików WTHOR
file-choose = Wybierz
file-prompt-database = Folder plików WTHOR (.wtb):
file-not-a-folder = { $path } nie jest folderem.
image-title = Plansza jako obraz
image-coordinates = Współrzędne
image-hints = Podpowiedzi
image-hints-tip = Oceny ruchów, jeśli podpowiedzi je mają, w przeciwnym razie kropka na każdym dozwolonym ruchu.
image-last-move = Ostatni ruch
image-size = Rozmiar:
image-pixels = pikseli
image-copy = Kopiuj obraz
image-save = Zapisz jako PNG...
image-copied = Obraz planszy ({ $size } × { $size } pikseli) jest w schowku.
file-save-image-title = Zapisz planszę jako PNG
file-filter-images = Obrazy PNG
other-engine-test-passed = { $name } odpowiedział { $square } z pozycji początkowej w { $seconds } s.
other-engine-thinking = { $name } myśli...
other-engine-illegal = odpowiedział { $square }, a to nie jest tu dozwolony ruch
other-engine-failed-status = { $name } zawiódł: gra dalej nasz silnik.
other-engine-failed = Inny silnik, { $name }, zawiódł: { $error }. Nasz silnik gra zamiast niego, dopóki nie zmienisz jego ustawień albo jego test się nie powiedzie.
other-engine-hints-failed-status = { $name } nie podał podpowiedzi: podaje je nasz silnik.
other-engine-hints-failed = Inny silnik, { $name }, zawiódł przy podpowiedziach: { $error }. Nasz silnik podaje podpowiedzi, dopóki nie zmienisz jego ustawień albo jego test się nie powiedzie; nadal gra, jeśli ma grać.
