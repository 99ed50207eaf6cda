# The status line, the result of a game and the board editor's verdict.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.
# Squares and moves ($square, $ply, ...) are written a1-h8 in every language.


## The status line

status-welcome = Kliknij pole, aby tam zagrać (albo użyj strzałek i Enter). H przełącza podpowiedzi (wyłączone, kropki, oceny); Esc otwiera menu; F1 pokazuje skróty.
status-finish-editor = Najpierw zakończ edytor planszy: „Gotowe”, aby grać z tej pozycji, albo „Anuluj”.
# $mode is the mode's name, e.g. "Human vs engine".
status-new-game = Nowa partia: { $mode }.
status-new-xot = Nowa partia XOT: otwarcie { $number }, { $moves } ({ $value } dla strony na ruchu).
status-undone = Cofnięto ruch.
status-nothing-to-undo = Nie ma czego cofnąć.
status-redone = Powtórzono ruch.
status-nothing-to-redo = Nie ma czego powtórzyć.
status-viewing = Podgląd pozycji po półruchu { $ply } z { $plies }: zagraj ruch albo kontynuuj stąd.
status-latest = Powrót do najnowszej pozycji.
status-continuing = Kontynuacja od tej pozycji.
status-paused = Silnik kontra silnik: wstrzymano.
status-resumed = Silnik kontra silnik: wznowiono.
status-out-of-time = { $side ->
    [black] Czarnym skończył się czas: zacznij nową partię (Ctrl+N).
   *[white] Białym skończył się czas: zacznij nową partię (Ctrl+N).
}
status-game-over = Partia zakończona: zacznij nową, naciskając Ctrl+N.
status-engine-turn = Teraz gra silnik ({ $side ->
    [black] czarnymi
   *[white] białymi
}); poczekaj na jego ruch.
status-played = { $side ->
    [black] Czarne zagrały
   *[white] Białe zagrały
} { $square }.
status-engine-played = Silnik ({ $side ->
    [black] czarne
   *[white] białe
}) zagrał { $square }.
status-other-played = { $name } ({ $side ->
    [black] czarne
   *[white] białe
}) zagrał { $square }.
status-taken = Pole { $square } jest już zajęte.
# $legal lists the legal moves, e.g. "c4 d3 e6 f5".
status-no-flips = Ruch { $square } nie odwraca żadnego pionka: { $side ->
    [black] Czarne muszą
   *[white] Białe muszą
} otoczyć co najmniej jeden pionek przeciwnika (dozwolone: { $legal }).
# $source is a file's name or "the clipboard".
status-loaded = Wczytano: { $source }.
status-game-back = Twoja partia z { $date } wróciła: ruch { $number }.
status-main-line = Linia główna: po { $ply }.
status-variation = Wariant: po { $ply }.
status-promoted = Wariant { $ply } jest teraz główną kontynuacją.
status-nothing-to-promote = To jest linia główna: nie ma czego promować.
status-variation-deleted = Usunięto wariant { $ply }.
status-nothing-to-delete = To jest linia główna: nie ma wariantu do usunięcia.
status-pasted = Wczytano wklejoną partię.
# $error says what is wrong with the text (in English: it comes from the file readers).
status-paste-failed = Wklejanie: { $error }. Partia pozostała bez zmian.
status-editor = Edytor planszy: kliknij pole, aby postawić tam wybrany kolor, prawym przyciskiem je opróżnisz; „Gotowe” rozpoczyna grę z tej pozycji.
# $verdict is one of the editor-... lines below.
status-setup-played = Gra z ustawionej pozycji. { $verdict }
status-editor-closed = Zamknięto edytor planszy; partia jest taka jak przedtem.
status-pass = { $side ->
    [black] Czarne nie mają dozwolonego ruchu i pasują; ruch białych.
   *[white] Białe nie mają dozwolonego ruchu i pasują; ruch czarnych.
}
status-flag = { $side ->
    [black] Czarnym skończył się czas: Białe wygrywają na czas.
   *[white] Białym skończył się czas: Czarne wygrywają na czas.
}
status-transcript-copied = Skopiowano zapis partii do schowka ({ $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
    [many] { $moves } ruchów
   *[other] { $moves } ruchu
}).
status-empty-transcript = Skopiowano pusty zapis partii (nie było jeszcze ruchów).
status-sound-on = Dźwięki włączone.
status-sound-off = Dźwięki wyłączone.
status-hints = Podpowiedzi: { $hints }.

## The result; $winner and $loser are the disc counts (empty squares go to the winner)

result-black-wins = Koniec partii: Czarne wygrywają { $winner }-{ $loser }.
result-white-wins = Koniec partii: Białe wygrywają { $winner }-{ $loser }.
result-draw = Koniec partii: remis, { $black }-{ $white }.
result-heading-black-wins = Czarne wygrywają { $winner }-{ $loser }.
result-heading-white-wins = Białe wygrywają { $winner }-{ $loser }.
result-heading-draw = Remis, { $black }-{ $white }.

## The game's label above the discs

match-vs-engine = { $side ->
    [black] Ty (czarne) kontra silnik (białe), poziom { $level }
   *[white] Ty (białe) kontra silnik (czarne), poziom { $level }
}
match-level-other = { $name } (inny program)
match-engines-other = Silnik kontra silnik: { $level } (czarne) kontra { $name } (białe)
match-humans = Człowiek kontra człowiek
match-engines = Silnik kontra silnik, poziom { $level }
match-rated = · rankingowa
match-rated-hover = Jak dotąd bez podpowiedzi i bez cofania ruchów: po analizie ta partia zmieni twój ranking (Trening > Twoja siła).
match-unrated = · nierankingowa
match-unrated-hover = Podpowiedzi były włączone, cofnięto ruch albo partię otwarto lub ustawiono: nadal można ją przeanalizować, ale nie zmieni rankingu.

## The board editor's verdict

editor-not-playable = Jeszcze nie da się grać: { $reason }.
editor-to-move-verdict = Czarne { $black }, Białe { $white }: ruch { $side ->
    [black] czarnych
   *[white] białych
}.
editor-pass-verdict = Czarne { $black }, Białe { $white }: { $side ->
    [black] Czarne nie mają ruchu i spasują; ruch białych.
   *[white] Białe nie mają ruchu i spasują; ruch czarnych.
}
editor-over-verdict = Czarne { $black }, Białe { $white }: żadna strona nie ma ruchu, więc partia tu się kończy.
# Why a position cannot be played: $squares lists squares, e.g. "d4, e5".
setup-overlap = pole { $square } zawiera oba kolory
setup-too-many-empties = { $empties ->
    [one] { $empties } puste pole
    [few] { $empties } puste pola
    [many] { $empties } pustych pól
   *[other] { $empties } pustego pola
}, najwyżej 60 (w partii nigdy nie ma mniej niż 4 pionków)
setup-empty-centre = środek planszy nie może być pusty ({ $squares }): w Othello cztery środkowe pola są zawsze zajęte
