# The menu bar, the side panel, the board editor's panel, the review and the move list.
# Arguments named $side are "black" or "white": write the colour as the sentence needs it.

## The menu bar

menu-game = Гра
menu-new-game = Нова гра
menu-new-xot = Нова гра XOT
menu-undo = Скасувати хід
menu-redo = Повторити хід
menu-review = Аналіз партії
menu-practice = Тренування...
menu-book = Книга дебютів...
menu-database = База партій...
menu-library = Бібліотека...
menu-setup = Розставити позицію...
menu-copy-transcript = Копіювати запис партії
menu-copy-obf = Копіювати позицію (OBF)
menu-paste = Вставити запис / позицію...
menu-open = Відкрити гру...
menu-open-recent = Недавні
menu-clear-recent = Очистити список
menu-save = Зберегти гру...
menu-quit = Вийти
menu-settings = Налаштування
menu-hints = Підказки (H)
menu-best-line = Найкращий варіант на дошці (B)
menu-all-settings = Усі налаштування...
menu-help = Довідка
menu-rules = Правила та клавіші (F1)
menu-about = Про Реверсі

## The side panel

# The hover of a player's clock; $control is the time control, e.g. "5 min + 3 s".
clock-hover = Залишок часу { $side ->
    [black] Чорних
   *[white] Білих
} ({ $control })
turn-flagged = { $side ->
    [black] Чорні програли за часом; Білі виграють.
   *[white] Білі програли за часом; Чорні виграють.
}
# Whose turn: $who is "engine", "you" or "human".
turn-to-move = Хід { $side ->
    [black] Чорних
   *[white] Білих
} ({ $who ->
    [engine] рушій
    [you] ти
   *[human] людина
})
viewing-ply = Перегляд: напівхід { $ply } з { $plies }.
continue-from-here = Продовжити звідси
back-to-latest = До останньої позиції
button-new = Нова
button-new-hover = Нова гра (Ctrl+N)
button-undo = Скасувати
button-redo = Повторити
button-resume = Продовжити
button-pause = Пауза
button-step = Крок
moves-heading = Ходи
variation = варіант
# $number is the move's number in the game, $ply the move (e.g. "c4").
variation-hover = Показані ходи відгалужуються від головної лінії на ході { $number } ({ $ply })
promote = Підвищити
promote-hover = Зробити цей варіант головним продовженням там, де він починається
delete = Видалити
delete-hover = Видалити цей варіант від місця, де він починається
# $name is the opening's name (not translated), $moves its moves, $plies how many.
opening-hover = Дебют зіграних ходів: { $moves } (ходів: { $plies }; іменовані дебюти розпізнаються за позицією, у будь-якій орієнтації)
moves-start = Початок
ply-pass = пас
# A row of other moves recorded at a position: "12. also" or "12... also".
moves-also = { $number }{ $white ->
    [yes] ...
   *[no] .
} також
follow-line = Перейти на цю лінію

## The board editor

editor-heading = Редактор дошки
editor-help = Клацни поле, щоб поставити вибране; правий клік його очищає.
editor-put-down = Ставити
editor-black = Чорні
editor-white = Білі
editor-empty = Порожньо
editor-to-move = Хід
editor-clear = Очистити
editor-clear-hover = Очистити всі поля
editor-start = Початкова позиція
editor-start-hover = Стандартна початкова розстановка
editor-copy-obf = Копіювати OBF
editor-copy-obf-hover = Копіювати позицію як рядок OBF (64 поля та сторона, що ходить)
editor-done = Готово: грати звідси
editor-done-hover = Почати гру з цієї позиції (режим і рівень не змінюються)
editor-cancel = Скасувати
editor-cancel-hover = Повернутися до гри без змін
copied-obf = Позицію скопійовано в буфер обміну (OBF).

## The score graph

# $ply is a ply number, $score a signed disc count (e.g. "+4").
graph-point = напівхід { $ply }: { $score } для Чорних
graph-hover = Оцінка після кожного ходу у фішках для Чорних (вище 0 — Чорні попереду); золотим — точно. Клацни, щоб переглянути ту позицію.

## The review

review-heading = Аналіз
# A mistake at the position shown. $played and $best are moves, $score and $best_score
# signed disc counts, $loss the discs lost.
review-here = Тут { $side ->
    [black] Чорні
   *[white] Білі
} зіграли { $played } ({ $score }) і втратили { $loss ->
    [one] { $loss } фішку
    [few] { $loss } фішки
    [many] { $loss } фішок
   *[other] { $loss } фішки
}; найкращим був { $best } ({ $best_score }), обведений синім.
review-progress = Ходи: { $done } з { $total }
review-progress-left = Ходи: { $done } з { $total }, лишилося близько { $seconds } с
# A player's summary: $lost discs lost, $mistakes, $blunders, $best_percent (0-100).
review-summary = { $side ->
    [black] Чорні
   *[white] Білі
}: втрачено { $lost ->
    [one] { $lost } фішку
    [few] { $lost } фішки
    [many] { $lost } фішок
   *[other] { $lost } фішки
}, { $mistakes ->
    [one] { $mistakes } помилка
    [few] { $mistakes } помилки
    [many] { $mistakes } помилок
   *[other] { $mistakes } помилки
}, { $blunders ->
    [one] { $blunders } груба помилка
    [few] { $blunders } грубі помилки
    [many] { $blunders } грубих помилок
   *[other] { $blunders } грубої помилки
}, найкращих ходів: { $best_percent }%
review-summary-hover = Ходів: { $moves }; найкращих: { $best }, неточностей: { $inaccuracies } (менше { $mistake ->
    [one] { $mistake } фішки
   *[other] { $mistake } фішок
}), помилок: { $mistakes } ({ $mistake } і більше), грубих помилок: { $blunders } ({ $blunder } і більше)
review-make-cards = Тренувати помилки { $side ->
    [black] чорних
   *[white] білих
} ({ $mistakes })
review-make-cards-hover = Кожна помилка стане задачею в Гра > Тренування: знайди найкращий хід. Картки повертаються з інтервалами (розподілене повторення), доки ти їх не засвоїш.
review-took = Проаналізовано за { $seconds } с; помилки ? та грубі помилки ?? позначено в списку ходів.
review-best-move = { $played }: найкращий хід, { $score }
review-best-move-exact = { $played }: найкращий хід, { $score } (точно)
review-loses = { $played }: { $score }, втрачає { $loss ->
    [one] { $loss } фішку
    [few] { $loss } фішки
    [many] { $loss } фішок
   *[other] { $loss } фішки
}; найкращий { $best } { $best_score }
review-loses-exact = { $played }: { $score }, втрачає { $loss ->
    [one] { $loss } фішку
    [few] { $loss } фішки
    [many] { $loss } фішок
   *[other] { $loss } фішки
}; найкращий { $best } { $best_score } (точно)

## The engine

engine-heading = Рушій
engine-thinking = { $side ->
    [black] думає за Чорних
    [white] думає за Білих
   *[none] думає
}, { $seconds } с
engine-pondering-on = думає на твій час після { $square }, { $seconds } с
engine-pondering-replies = обдумує твої можливі відповіді, { $seconds } с
engine-pondering-hover = Думає на твій час: наступний пошук почнеться не з нуля
engine-scoring = оцінює твої ходи, { $seconds } с
engine-scoring-hover = Пошук для підказок (у грі проти рушія це водночас його обдумування на час суперника)
engine-idle = очікує
engine-unused = ще не використовувався
engine-level = Рівень
engine-other = Інший рушій
engine-other-plays = { $name } грає
engine-other-hints = { $name } дає підказки
engine-other-both = { $name } грає і дає підказки
engine-depth = Глибина
engine-book-move = хід із книги дебютів
engine-depth-exact = { $depth } (точно)
engine-score = Оцінка
engine-expects = Очікує
engine-best-line = Найкраща лінія
engine-hidden = приховано (підказки вимкнено)
engine-hidden-hover = Увімкни підказки (H), щоб бачити, що думає рушій
# The engine's verdict, from the side it plays ($side: black, white or none).
engine-win = { $side ->
    [black] виграш Чорних (доведено)
    [white] виграш Білих (доведено)
   *[none] виграш (доведено)
}
engine-loss = { $side ->
    [black] поразка Чорних (доведено)
    [white] поразка Білих (доведено)
   *[none] поразка (доведено)
}
engine-draw = нічия (доведено)
# $score is a signed disc count, e.g. "+4".
engine-discs = { $side ->
    [black] { $score } для Чорних
    [white] { $score } для Білих
   *[none] { $score } у фішках
}
engine-discs-exact = { $side ->
    [black] { $score } для Чорних, точно
    [white] { $score } для Білих, точно
   *[none] { $score } у фішках, точно
}
engine-win-rate = { $side ->
    [black] Чорні виграють { $percent }% симуляцій
    [white] Білі виграють { $percent }% симуляцій
   *[none] виграно { $percent }% симуляцій
}
engine-score-hover = Очікувана різниця фішок наприкінці гри, з погляду названої сторони
engine-expects-hover = Хід, якого рушій очікує від суперника
engine-speed = Швидкість
# $nodes is a count, $mnps millions of nodes a second.
engine-nodes = вузли: { $nodes }, { $mnps } млн вузлів/с
engine-hints = Підказки
engine-hints-exact = точно (золотим): розраховано до кінця
engine-hints-depth = глибина { $depth }
engine-hints-hover = Оцінка кожного ходу у фішках для сторони, що ходить; найкращий обведено
engine-playouts = симуляції: { $playouts }, { $kps } тис./с
engine-hints-playouts = симуляції: { $playouts }
engine-hints-rates-hover = Шанс на перемогу кожного ходу для сторони, що ходить, за симуляціями (золотим: доведено), а під ним частка симуляцій цього ходу; хід, який зіграло б Монте-Карло, обведено

## For screen readers

# A player's disc count, as a screen reader reads it.
a11y-discs = { $side ->
    [black] Чорні
   *[white] Білі
}: { $count ->
    [one] { $count } фішка
    [few] { $count } фішки
    [many] { $count } фішок
   *[other] { $count } фішки
}
# Where the board's keyboard cursor is ($square) and what is there ($what: black, white,
# legal for an empty square where the side to move may play, empty otherwise).
cursor-at = Курсор: { $square }, { $what ->
    [black] чорна фішка
    [white] біла фішка
    [legal] порожньо, можливий хід
   *[empty] порожньо
}

## Why a move was a mistake
# $side played the move, $other is the opponent ([black] / [white]); $corner and $played are
# squares; $ply counts plies after the move; the other figures are counts of discs or moves.

explain-heading = Чому:
explain-gives-corner = { $other ->
    [black] Чорні займають
   *[white] Білі займають
} кут { $corner } через { $ply ->
    [one] { $ply } напівхід
    [few] { $ply } напівходи
    [many] { $ply } напівходів
   *[other] { $ply } напівходу
}; найкраща лінія його не віддає.
explain-opens-corner = { $other ->
    [black] Чорні можуть
   *[white] Білі можуть
} одразу зайняти кут { $corner }.
explain-x-square = { $played } — X-поле порожнього кута { $corner }: часто віддає кут.
explain-c-square = { $played } — C-поле поруч із порожнім кутом { $corner }.
explain-misses-corner = Найкраща лінія здобуває кут { $corner } для { $side ->
    [black] чорних
   *[white] білих
} { $ply ->
    [0] одразу
    [one] через { $ply } напівхід
    [few] через { $ply } напівходи
    [many] через { $ply } напівходів
   *[other] через { $ply } напівходу
}.
explain-mobility = У { $other ->
    [black] чорних
   *[white] білих
} після нього ходів: { $played }, після найкращого ходу: { $best }.
explain-frontier = Залишає { $side ->
    [black] чорним
   *[white] білим
} граничних фішок (поруч із порожніми полями): { $played }, після найкращого ходу: { $best }; більше ходів для { $other ->
    [black] чорних
   *[white] білих
}.
explain-stable = Наприкінці лінії в { $side ->
    [black] чорних
   *[white] білих
} стабільних фішок: { $played }, у найкращій лінії: { $best }.
explain-parity = Залишає { $other ->
    [black] чорним
   *[white] білим
} областей із непарною кількістю порожніх полів: { $played }, після найкращого ходу: { $best }; { $side ->
    [black] чорні хочуть
   *[white] білі хочуть
} відповідати останніми в кожній області.
explain-no-fact = Жодна причина не виділяється: порівняй обидві лінії.
explain-lines = Після { $played }. Найкраща: { $best }
explain-working = Пошук причин...
menu-board-image = Дошка як зображення...
