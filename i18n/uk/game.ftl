# The status line, the result of a game and the board editor's verdict.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.
# Squares and moves ($square, $ply, ...) are written a1-h8 in every language.


## The status line

status-welcome = Клацни поле, щоб походити туди (або користуйся стрілками та Enter). H перемикає підказки (вимкнено, крапки, оцінки); Esc відкриває меню; F1 — список клавіш.
status-finish-editor = Спершу заверши роботу в редакторі дошки: «Готово», щоб грати з позиції, або «Скасувати».
# $mode is the mode's name, e.g. "Human vs engine".
status-new-game = Нова гра: { $mode }.
status-new-xot = Нова гра XOT: дебют { $number }, { $moves } ({ $value } для сторони, що ходить).
status-undone = Хід скасовано.
status-nothing-to-undo = Нема чого скасовувати.
status-redone = Хід повторено.
status-nothing-to-redo = Нема чого повторювати.
status-viewing = Позиція після напівходу { $ply } з { $plies }: зроби хід або продовж звідси.
status-latest = Знову в останній позиції.
status-continuing = Гра продовжується з цієї позиції.
status-paused = Гру рушія проти рушія призупинено.
status-resumed = Гру рушія проти рушія відновлено.
status-out-of-time = { $side ->
    [black] У Чорних закінчився час: почни нову гру клавішами Ctrl+N.
   *[white] У Білих закінчився час: почни нову гру клавішами Ctrl+N.
}
status-game-over = Гру закінчено: почни нову клавішами Ctrl+N.
status-engine-turn = Зараз хід рушія ({ $side ->
    [black] за Чорних
   *[white] за Білих
}); зачекай на його хід.
status-played = { $side ->
    [black] Чорні
   *[white] Білі
} зіграли { $square }.
status-engine-played = Рушій ({ $side ->
    [black] Чорні
   *[white] Білі
}) зіграв { $square }.
status-other-played = { $name } ({ $side ->
    [black] Чорні
   *[white] Білі
}) зіграв { $square }.
status-taken = Поле { $square } уже зайняте.
# $legal lists the legal moves, e.g. "c4 d3 e6 f5".
status-no-flips = { $square } не перевертає жодної фішки: { $side ->
    [black] Чорні
   *[white] Білі
} мають оточити хоча б одну фішку (можливі ходи: { $legal }).
# $source is a file's name or "the clipboard".
status-loaded = Завантажено: { $source }.
status-game-back = Твою партію від { $date } повернуто: хід { $number }.
status-main-line = Головна лінія: після { $ply }.
status-variation = Варіант: після { $ply }.
status-promoted = Варіант { $ply } став головним продовженням.
status-nothing-to-promote = Це головна лінія: нема чого підвищувати.
status-variation-deleted = Варіант { $ply } видалено.
status-nothing-to-delete = Це головна лінія: немає варіанта, щоб видалити.
status-pasted = Вставлену партію завантажено.
# $error says what is wrong with the text (in English: it comes from the file readers).
status-paste-failed = Вставлення: { $error }. Гру не змінено.
status-editor = Редактор дошки: клацни поле, щоб поставити туди вибраний колір, правий клік його очищає; «Готово» — грати з цієї позиції.
# $verdict is one of the editor-... lines below.
status-setup-played = Гра з розставленої позиції. { $verdict }
status-editor-closed = Редактор дошки закрито; гра без змін.
status-pass = { $side ->
    [black] Чорні не мають можливого ходу й пропускають хід; ходять Білі.
   *[white] Білі не мають можливого ходу й пропускають хід; ходять Чорні.
}
status-flag = { $side ->
    [black] У Чорних закінчився час: Білі виграють за часом.
   *[white] У Білих закінчився час: Чорні виграють за часом.
}
status-transcript-copied = Запис партії скопійовано в буфер обміну ({ $moves ->
    [one] { $moves } хід
    [few] { $moves } ходи
    [many] { $moves } ходів
   *[other] { $moves } ходу
}).
status-empty-transcript = Скопійовано порожній запис партії (ходів ще немає).
status-sound-on = Звук увімкнено.
status-sound-off = Звук вимкнено.
status-hints = Підказки: { $hints }.

## The result; $winner and $loser are the disc counts (empty squares go to the winner)

result-black-wins = Гру закінчено: Чорні виграють { $winner }-{ $loser }.
result-white-wins = Гру закінчено: Білі виграють { $winner }-{ $loser }.
result-draw = Гру закінчено: нічия, { $black }-{ $white }.
result-heading-black-wins = Чорні виграють { $winner }-{ $loser }.
result-heading-white-wins = Білі виграють { $winner }-{ $loser }.
result-heading-draw = Нічия, { $black }-{ $white }.

## The game's label above the discs

match-vs-engine = { $side ->
    [black] Ти (Чорні) проти рушія (Білі), рівень { $level }
   *[white] Ти (Білі) проти рушія (Чорні), рівень { $level }
}
match-level-other = { $name } (інша програма)
match-engines-other = Рушій проти рушія: { $level } (чорні) проти { $name } (білі)
match-humans = Людина проти людини
match-engines = Рушій проти рушія, рівень { $level }
match-rated = · рейтингова
match-rated-hover = Поки що без підказок і без повернення ходів: після аналізу ця партія змінить твій рейтинг (Тренування > Твоя сила).
match-unrated = · нерейтингова
match-unrated-hover = Підказки були ввімкнені, хід повернуто або партію відкрито чи розставлено: її все одно можна проаналізувати, але рейтинг вона не змінить.

## The board editor's verdict

editor-not-playable = Грати ще не можна: { $reason }.
editor-to-move-verdict = Чорні { $black }, Білі { $white }: хід { $side ->
    [black] Чорних
   *[white] Білих
}.
editor-pass-verdict = Чорні { $black }, Білі { $white }: { $side ->
    [black] Чорні не мають ходу й пропустять його; ходять Білі.
   *[white] Білі не мають ходу й пропустять його; ходять Чорні.
}
editor-over-verdict = Чорні { $black }, Білі { $white }: жодна сторона не може ходити, тож гра тут закінчена.
# Why a position cannot be played: $squares lists squares, e.g. "d4, e5".
setup-overlap = на полі { $square } стоять обидва кольори
setup-too-many-empties = порожніх полів: { $empties }, а можна щонайбільше 60 (у грі завжди є принаймні 4 фішки)
setup-empty-centre = фішка потрібна на { $squares }: чотири центральні поля в Отелло ніколи не бувають порожні
