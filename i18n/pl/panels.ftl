# The menu bar, the side panel, the board editor's panel, the review and the move list.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.

## The menu bar

menu-game = Gra
menu-new-game = Nowa partia
menu-new-xot = Nowa partia XOT
menu-undo = Cofnij
menu-redo = Ponów
menu-review = Analiza partii
menu-practice = Trening...
menu-book = Książka otwarć...
menu-database = Baza partii...
menu-library = Biblioteka...
menu-setup = Ustaw pozycję...
menu-copy-transcript = Kopiuj zapis partii
menu-copy-obf = Kopiuj pozycję (OBF)
menu-paste = Wklej zapis / pozycję...
menu-open = Otwórz partię...
menu-open-recent = Otwórz ostatnie
menu-clear-recent = Wyczyść listę
menu-save = Zapisz partię...
menu-quit = Zakończ
menu-settings = Ustawienia
menu-hints = Podpowiedzi (H)
menu-best-line = Najlepszy wariant na planszy (B)
menu-all-settings = Wszystkie ustawienia...
menu-help = Pomoc
menu-rules = Zasady i skróty (F1)
menu-about = O programie Reversi

## The side panel

# The hover of a player's clock; $control is the time control, e.g. "5 min + 3 s".
clock-hover = Pozostały czas { $side ->
    [black] czarnych
   *[white] białych
} ({ $control })
turn-flagged = { $side ->
    [black] Czarnym skończył się czas; wygrywają Białe.
   *[white] Białym skończył się czas; wygrywają Czarne.
}
# Whose turn: $who is "engine", "you" or "human".
turn-to-move = Ruch { $side ->
    [black] czarnych
   *[white] białych
} ({ $who ->
    [engine] silnik
    [you] ty
   *[human] człowiek
})
viewing-ply = Podgląd półruchu { $ply } z { $plies }.
continue-from-here = Kontynuuj stąd
back-to-latest = Wróć do najnowszej
button-new = Nowa
button-new-hover = Nowa partia (Ctrl+N)
button-undo = Cofnij
button-redo = Ponów
button-resume = Wznów
button-pause = Wstrzymaj
button-step = Krok
moves-heading = Ruchy
variation = wariant
# $number is the move's number in the game, $ply the move (e.g. "c4").
variation-hover = Pokazane ruchy odchodzą od linii głównej w ruchu { $number } ({ $ply })
promote = Promuj
promote-hover = Uczyń ten wariant główną kontynuacją w miejscu, w którym się zaczyna
delete = Usuń
delete-hover = Usuń ten wariant od miejsca, w którym się zaczyna
# $name is the opening's name (not translated), $moves its moves, $plies how many.
opening-hover = Otwarcie rozegranych ruchów: { $moves } ({ $plies ->
    [one] { $plies } ruch
    [few] { $plies } ruchy
    [many] { $plies } ruchów
   *[other] { $plies } ruchu
}; nazwane otwarcia rozpoznaje się po pozycji, w dowolnej orientacji)
moves-start = Początek
ply-pass = pas
# A row of other moves recorded at a position: "12. also" or "12... also".
moves-also = { $number }{ $white ->
    [yes] ...
   *[no] .
} także
follow-line = Przejdź do tej linii

## The board editor

editor-heading = Edytor planszy
editor-help = Kliknij pole, aby wstawić to, co wybrano; prawy przycisk je opróżnia.
editor-put-down = Wstaw
editor-black = Czarne
editor-white = Białe
editor-empty = Puste
editor-to-move = Na ruchu
editor-clear = Wyczyść
editor-clear-hover = Opróżnij wszystkie pola
editor-start = Pozycja początkowa
editor-start-hover = Standardowe ustawienie początkowe
editor-copy-obf = Kopiuj OBF
editor-copy-obf-hover = Skopiuj pozycję jako wiersz OBF (64 pola i strona na ruchu)
editor-done = Gotowe: graj stąd
editor-done-hover = Rozpocznij partię z tej pozycji (tryb i poziom się nie zmieniają)
editor-cancel = Anuluj
editor-cancel-hover = Wróć do partii w poprzednim stanie
copied-obf = Skopiowano pozycję do schowka (OBF).

## The score graph

# $ply is a ply number, $score a signed disc count (e.g. "+4").
graph-point = półruch { $ply }: { $score } dla czarnych
graph-hover = Ocena po każdym ruchu w pionkach dla czarnych (powyżej 0: czarne prowadzą); złoty: dokładna. Kliknij, aby zobaczyć tę pozycję.

## The review

review-heading = Analiza
# A mistake at the position shown. $played and $best are moves, $score and $best_score
# signed disc counts, $loss the discs lost.
review-here = Tutaj { $side ->
    [black] Czarne zagrały
   *[white] Białe zagrały
} { $played } ({ $score }), tracąc { $loss ->
    [one] { $loss } pionek
    [few] { $loss } pionki
    [many] { $loss } pionków
   *[other] { $loss } pionka
}; najlepszy był { $best } ({ $best_score }), w niebieskim kółku.
review-progress = Ruchy: { $done } z { $total }
review-progress-left = Ruchy: { $done } z { $total }, zostało ok. { $seconds } s
# A player's summary: $lost discs lost, $mistakes, $blunders, $best_percent (0-100).
review-summary = { $side ->
    [black] Czarne
   *[white] Białe
}: strata { $lost ->
    [one] { $lost } pionka
    [few] { $lost } pionków
    [many] { $lost } pionków
   *[other] { $lost } pionka
}, { $mistakes ->
    [one] { $mistakes } błąd
    [few] { $mistakes } błędy
    [many] { $mistakes } błędów
   *[other] { $mistakes } błędu
}, { $blunders ->
    [one] { $blunders } gruby błąd
    [few] { $blunders } grube błędy
    [many] { $blunders } grubych błędów
   *[other] { $blunders } grubego błędu
}, { $best_percent }% najlepszych ruchów
review-summary-hover = Ruchy: { $moves }; najlepsze: { $best }, niedokładności: { $inaccuracies } (strata poniżej { $mistake ->
    [one] { $mistake } pionka
    [few] { $mistake } pionków
    [many] { $mistake } pionków
   *[other] { $mistake } pionka
}), błędy: { $mistakes } ({ $mistake } lub więcej), grube błędy: { $blunders } ({ $blunder } lub więcej)
review-make-cards = Ćwicz błędy { $side ->
    [black] czarnych
   *[white] białych
} ({ $mistakes })
review-make-cards-hover = Każdy błąd stanie się zadaniem w Gra > Trening: znajdź najlepszy ruch. Karty wracają w odstępach (powtórki rozłożone w czasie), aż je opanujesz.
review-took = Przeanalizowano w { $seconds } s; błędy ? i grube błędy ?? są oznaczone na liście ruchów.
review-best-move = { $played }: najlepszy ruch, { $score }
review-best-move-exact = { $played }: najlepszy ruch, { $score } (dokładnie)
review-loses = { $played }: { $score }, traci { $loss ->
    [one] { $loss } pionek
    [few] { $loss } pionki
    [many] { $loss } pionków
   *[other] { $loss } pionka
}; najlepszy { $best } { $best_score }
review-loses-exact = { $played }: { $score }, traci { $loss ->
    [one] { $loss } pionek
    [few] { $loss } pionki
    [many] { $loss } pionków
   *[other] { $loss } pionka
}; najlepszy { $best } { $best_score } (dokładnie)

## The engine

engine-heading = Silnik
engine-thinking = { $side ->
    [black] myśli za czarne
    [white] myśli za białe
   *[none] myśli
}, { $seconds } s
engine-pondering-on = myśli w twoim czasie nad { $square }, { $seconds } s
engine-pondering-replies = myśli nad twoimi odpowiedziami, { $seconds } s
engine-pondering-hover = Myśli w twoim czasie: następne przeszukiwanie nie zaczyna od zera
engine-scoring = ocenia twoje ruchy, { $seconds } s
engine-scoring-hover = Przeszukiwanie dla podpowiedzi (w grze z silnikiem to zarazem jego myślenie w czasie przeciwnika)
engine-idle = bezczynny
engine-unused = jeszcze nieużywany
engine-level = Poziom
engine-other = Inny silnik
engine-other-plays = { $name } gra
engine-other-hints = { $name } podaje podpowiedzi
engine-other-both = { $name } gra i podaje podpowiedzi
engine-depth = Głębokość
engine-book-move = ruch z książki
engine-depth-exact = { $depth } (dokładnie)
engine-score = Ocena
engine-expects = Oczekuje
engine-best-line = Najlepsza linia
engine-hidden = ukryte (podpowiedzi wyłączone)
engine-hidden-hover = Włącz podpowiedzi (H), aby zobaczyć, co myśli silnik
# The engine's verdict, from the side it plays ($side: black, white or none).
engine-win = { $side ->
    [black] wygrana czarnych (udowodniona)
    [white] wygrana białych (udowodniona)
   *[none] wygrana (udowodniona)
}
engine-loss = { $side ->
    [black] przegrana czarnych (udowodniona)
    [white] przegrana białych (udowodniona)
   *[none] przegrana (udowodniona)
}
engine-draw = remis (udowodniony)
# $score is a signed disc count, e.g. "+4".
engine-discs = { $side ->
    [black] { $score } dla czarnych
    [white] { $score } dla białych
   *[none] { $score }
}
engine-discs-exact = { $side ->
    [black] { $score } dla czarnych, dokładnie
    [white] { $score } dla białych, dokładnie
   *[none] { $score }, dokładnie
}
engine-win-rate = { $side ->
    [black] czarne wygrywają { $percent }% symulacji
    [white] białe wygrywają { $percent }% symulacji
   *[none] { $percent }% symulacji wygranych
}
engine-score-hover = Oczekiwana różnica pionków na koniec partii, z punktu widzenia wskazanej strony
engine-expects-hover = Ruch, którego silnik spodziewa się teraz po przeciwniku
engine-speed = Szybkość
# $nodes is a count, $mnps millions of nodes a second.
engine-nodes = węzły: { $nodes }, { $mnps } mln węzłów/s
engine-hints = Podpowiedzi
engine-hints-exact = dokładne (złote): policzone do końca
engine-hints-depth = głębokość { $depth }
engine-hints-hover = Ocena każdego ruchu w pionkach dla strony na ruchu; najlepszy w kółku
engine-playouts = symulacje: { $playouts }, { $kps } tys./s
engine-hints-playouts = symulacje: { $playouts }
engine-hints-rates-hover = Szansa wygranej każdego ruchu dla strony na ruchu, z symulacji (złota: udowodniona), a pod nią udział ruchu w symulacjach; ruch, który zagrałoby Monte Carlo, jest w kółku

## For screen readers

# A player's disc count, as a screen reader reads it.
a11y-discs = { $side ->
    [black] Czarne
   *[white] Białe
}: { $count ->
    [one] { $count } pionek
    [few] { $count } pionki
    [many] { $count } pionków
   *[other] { $count } pionka
}
# Where the board's keyboard cursor is ($square) and what is there ($what: black, white,
# legal for an empty square where the side to move may play, empty otherwise).
cursor-at = Kursor: { $square }, { $what ->
    [black] czarny pionek
    [white] biały pionek
    [legal] puste, dozwolony ruch
   *[empty] puste
}

## Why a move was a mistake
# $side played the move, $other is the opponent ([black] / [white]); $corner and $played are
# squares; $ply counts plies after the move; the other figures are counts of discs or moves.

explain-heading = Dlaczego:
explain-gives-corner = { $other ->
    [black] Czarne biorą
   *[white] Białe biorą
} róg { $corner } { $ply ->
    [one] { $ply } półruch później
    [few] { $ply } półruchy później
    [many] { $ply } półruchów później
   *[other] { $ply } półruchu później
}; najlepsza linia go nie oddaje.
explain-opens-corner = { $other ->
    [black] Czarne mogą
   *[white] Białe mogą
} od razu zająć róg { $corner }.
explain-x-square = { $played } to pole X pustego rogu { $corner }: często oddaje róg.
explain-c-square = { $played } to pole C obok pustego rogu { $corner }.
explain-misses-corner = Najlepsza linia zdobywa róg { $corner } dla { $side ->
    [black] czarnych
   *[white] białych
} { $ply ->
    [0] od razu
    [one] { $ply } półruch później
    [few] { $ply } półruchy później
    [many] { $ply } półruchów później
   *[other] { $ply } półruchu później
}.
explain-mobility = { $other ->
    [black] Czarne mają
   *[white] Białe mają
} po nim ruchów: { $played }, po najlepszym ruchu: { $best }.
explain-frontier = Zostawia { $side ->
    [black] czarnym
   *[white] białym
} pionów granicznych (obok pustych pól): { $played }, po najlepszym ruchu: { $best }; więcej ruchów dla { $other ->
    [black] czarnych
   *[white] białych
}.
explain-stable = Na końcu linii { $side ->
    [black] czarne mają
   *[white] białe mają
} stabilnych pionów: { $played }, w najlepszej linii: { $best }.
explain-parity = Zostawia { $other ->
    [black] czarnym
   *[white] białym
} obszarów z nieparzystą liczbą pustych pól: { $played }, po najlepszym ruchu: { $best }; { $side ->
    [black] czarne chcą
   *[white] białe chcą
} odpowiadać ostatnie w każdym obszarze.
explain-no-fact = Żaden powód się nie wyróżnia: porównaj obie linie.
explain-lines = Po { $played }. Najlepsza: { $best }
explain-working = Szukanie powodów...
menu-board-image = Plansza jako obraz...
