# The windows: first start, about, the quick menu, paste, notices, game over, rules and
# shortcuts.

## The first start

welcome-title = Ласкаво просимо до Реверсі
welcome-intro = Як ти хочеш грати проти рушія? Усе це можна змінити пізніше в Налаштуваннях.
welcome-you-play = Ти граєш
welcome-black = Чорними (перший хід твій)
welcome-white = Білими
welcome-engine = Рушій
welcome-easiest = найлегший
welcome-strongest = найсильніший
# $name is the level's name, $about what it does.
welcome-level = { $name }: { $about }
welcome-help = Допомога на дошці
welcome-hints-off = Дошка нічого не показує: гра така, як за справжньою дошкою.
welcome-hints-moves = Крапка на кожному полі, куди можна походити.
welcome-hints-scores = Оцінка кожного ходу, обчислена рушієм: так гра втрачає всю таємницю.
welcome-play = Грати

## About

about-title = Про Реверсі
about-heading = Reversi { $version }
about-description = Настільна гра Реверсі/Отелло з рушієм: бітборди, MTD(f), точний розв'язувач ендшпілю та таблиці оцінювання, які може редагувати дизайнер.
about-built = Створено на Rust, Bevy і egui. Ліцензія MIT OR Apache-2.0.
about-crates = Крейти з відкритим кодом, на яких її побудовано ({ $count })
about-font = Японський текст: Noto Sans CJK JP (SIL Open Font License 1.1), обмежений символами, які використовує гра.

## The quick menu (Esc)

quick-menu-title = Меню
quick-new-game = Нова гра
quick-undo = Скасувати хід
quick-open = Відкрити гру...
quick-save = Зберегти гру...
quick-settings = Налаштування...
quick-rules = Правила та клавіші
quick-quit = Вийти
quick-esc = Esc закриває це меню.

## Paste

paste-title = Вставити партію або позицію
paste-intro = Запис партії (f5d6c3...), позиція OBF (64 поля з X, O або - та сторона, що ходить) або партія GGF:
paste-from-clipboard = Вставити з буфера обміну
paste-load = Завантажити

## Practice
# $source is where the card came from: the date and time of a game, or a file's name; $ply
# the move's number in its game.

practice-title = Тренування
practice-empty = Карток ще немає. Проаналізуй партію (Гра > Аналіз партії), потім натисни «Тренувати помилки...» на бічній панелі: кожна помилка стане тут задачею.
practice-summary = Карток: { $cards }, на повторення зараз: { $due }
practice-start = Почати
practice-ahead = Тренуватися наперед
practice-making = Створення карток: оцінено помилок { $scored } з { $mistakes }
practice-find = { $side ->
    [black] Хід чорних
   *[white] Хід білих
}: знайди найкращий хід
practice-source = Джерело: { $source }, хід { $ply }
practice-values-exact = Точні оцінки
practice-values-depth = Оцінки пошуку на глибину { $depth }
practice-click = Клацни поле, щоб відповісти.
practice-right = Правильно: { $chosen } — найкращий хід ({ $score }).
practice-wrong = Не зовсім: { $chosen } ({ $score }) втрачає { $loss ->
    [one] { $loss } фішку
    [few] { $loss } фішки
    [many] { $loss } фішок
   *[other] { $loss } фішки
}. Найкращий: { $best } ({ $best_score }).
practice-played = У партії ти зіграв { $played } і втратив { $loss ->
    [one] { $loss } фішку
    [few] { $loss } фішки
    [many] { $loss } фішок
   *[other] { $loss } фішки
}.
practice-due-minutes = Повернеться через { $minutes ->
    [one] { $minutes } хвилину
    [few] { $minutes } хвилини
    [many] { $minutes } хвилин
   *[other] { $minutes } хвилини
}.
practice-due-hours = Повернеться через { $hours ->
    [one] { $hours } годину
    [few] { $hours } години
    [many] { $hours } годин
   *[other] { $hours } години
}.
practice-due-days = Повернеться через { $days ->
    [one] { $days } день
    [few] { $days } дні
    [many] { $days } днів
   *[other] { $days } дня
}.
practice-finding-line = Пошук найкращої лінії...
practice-line = Найкраща лінія: { $moves }
practice-step = хід { $step } з { $plies }: чорні { $black }, білі { $white }
practice-next = Наступна картка
practice-skip = Пропустити
practice-remove = Видалити картку
practice-remove-hover = Назавжди прибрати цю картку з тренування.
practice-tab-cards = Твої помилки
practice-tab-positions = Позиції
practice-positions-intro = Позиція з партій рушія з оцінкою в обраному діапазоні. Ти граєш стороною, що ходить, проти рівня { $level } на дошці; після кінця партії побачиш свій результат поруч з оцінкою позиції.
practice-opponent = Суперник:
practice-opponent-hover = Рівень, який розігрує позицію проти тебе. Найсильніший перевіряє, чи втримаєш ти оцінку позиції; слабший дасть м'якшу партію.
practice-empties = Порожні поля:
practice-range = Оцінка:
practice-range-even = Рівна (від -2 до +2)
practice-range-winning = Реалізуй перевагу (від +6 до +12)
practice-range-losing = Врятуй партію (від -12 до -6)
practice-range-any = Будь-яка
practice-from = від
practice-to = до
practice-matching = Відповідних позицій: { $count }
practice-play = Зіграти позицію
practice-playing = На дошці тренувальна позиція; її оцінку буде показано після кінця партії.
practice-no-position = Жодна тренувальна позиція не має такої оцінки за такої кількості порожніх полів.
practice-precision-exact = Їхні значення точні: пораховані до кінця гри.
practice-precision-depth = Їхні значення отримано пошуком на глибину { $depth }, не до кінця гри: пошук на чотири ходи глибший змінює їх у середньому приблизно на одну фішку, але значення може відрізнятися від точного на кілька фішок.
practice-precision-mixed = { $solved } з цих { $count } значень { $how ->
    [exact] точні, пораховані до кінця гри
   *[selective] отримано вибірковим пошуком до кінця гри
}; решту отримано пошуком на глибину { $depth }, вони часто хибні на кілька фішок.
practice-precision-selective = Їхні значення отримано вибірковим пошуком до кінця гри, чиї відсічення певні на { $sure } стандартного відхилення: у порівнянні з точними результатами при 24 порожніх клітинках 91% таких значень були точні, а більшість решти хибні на 2 фішки.
practice-precision-margin = Значення пошуку враховується, лише коли воно лежить щонайменше на одну фішку всередині діапазону: після пошуку на чотири ходи глибше 97% таких значень залишилися в діапазоні, а разом зі значеннями на його краях 86%.
practice-position-source = тренувальна позиція (порожніх полів: { $empties })
practice-result = Тренування: твій результат { $result }; позиція була варта { $worth } для тебе ({ $exact ->
    [yes] точно
    [selective] вибірково до кінця гри, певність { $sure } стандартного відхилення
   *[no] глибина { $depth }
}). { $lost ->
    [0] Ти зберіг її оцінку.
    [one] Ти віддав { $lost } фішку.
    [few] Ти віддав { $lost } фішки.
    [many] Ти віддав { $lost } фішок.
   *[other] Ти віддав { $lost } фішки.
}
practice-tab-strength = Твоя сила
strength-empty = Твоя сила з'явиться тут, коли ти проаналізуєш завершену партію проти рушія (Гра > Аналіз партії після її кінця): враховується втрата кожного твого ходу проти найкращого.
strength-none-rated = Жодна з твоїх проаналізованих партій ще не враховується: партія враховується, коли ти граєш її з програмою від початку, з вимкненими підказками й без повернення ходів.
strength-games = Твої останні проаналізовані партії (рейтинг змінюють лише партії без підказок і повернення ходів):
strength-counted = враховано
strength-not-counted = не враховано: { $why }
strength-why-hints = підказки ввімкнено
strength-why-takebacks = повернені ходи: { $n }
strength-why-set-up = відкрита або розставлена, не зіграна від початку
strength-rating = Близько { $rating } (95%: від { $low } до { $high })
strength-from = З { $moves } ходів останніх партій ({ $games }): у середньому { $loss } фішки втрати за хід.
strength-between = Між рівнями { $below } ({ $below_rating }) і { $above } ({ $above_rating }) на драбині рушія.
strength-top = На рівні { $level } ({ $rating }) або вище.
strength-bottom = На рівні { $level } ({ $rating }) або нижче.
strength-line = твій рейтинг
strength-points = одна партія
strength-graph-hover = Кожна точка — рейтинг однієї партії; лінія об'єднує останні партії; сірі лінії — рівні рушія.
strength-people = Серед турнірних гравців: близько { $elo } за шкалою бази WTHOR.
strength-people-below = Серед турнірних гравців: нижче за діапазон { $elo } бази WTHOR.
strength-people-above = Серед турнірних гравців: вище за діапазон { $elo } бази WTHOR.
strength-people-hover = Прочитано з утрат на хід гравців бази, діапазон за діапазоном (їхні партії оцінив рушій: config/people.ron); 1500 — гравець із середніми результатами.
practice-tab-openings = Дебюти
drill-intro = Тренуй іменований дебют: партія починається з його позиції, хід твій; рушій відповідає з книги дебютів щоразу трохи інакше. Тримайся книги, доки вона сягає.
drill-start = Тренувати: { $opening }
drill-source = тренування дебюту { $opening }
drill-on = Тренуєш { $opening }: ходів із книги: { $moves }.
drill-done = { $opening }: тут книга закінчується; твоїх ходів із книги: { $moves }. Добре зіграно.
drill-left = Ти вийшов із книги ходом { $played } ({ $value }, втрата { $loss } проти найкращого { $best } { $best_value }). Скасуй (Ctrl+Z), щоб спробувати знову.
drill-left-unknown = Ти вийшов із книги ходом { $played }, якого книга не знає; її найкращий — { $best } ({ $best_value }). Скасуй (Ctrl+Z), щоб спробувати знову.
drill-board = Тренувати лінію з дошки (ходів: { $moves })
drill-board-unknown = Книга не знає жодного ходу в позиції на дошці: спершу зіграй або завантаж лінію, яку книга знає.
drill-retry = Скасувати хід і спробувати знову
practice-cards-added = Додано тренувальних карток: { $added }{ $known ->
    [0] {""}
   *[other] { " " }(вже були: { $known })
}
practice-no-mistakes = У цієї сторони немає помилок для тренування.

## Notices and game over

notice-title = Повідомлення
notice-ok = OK
game-over-title = Гру закінчено
game-over-won = Чудова гра: перемога твоя!
game-over-lost = Цього разу переміг рушій.
game-over-draw = Нічия.
game-over-new = Нова гра
game-over-close = Закрити

## Rules and shortcuts (F1)

help-title = Правила та клавіші
help-rules = Правила
help-rules-text = Першими ходять Чорні. Постав фішку так, щоб вона разом з іншою твоєю фішкою оточила по прямій (горизонталі, вертикалі чи діагоналі) одну або кілька фішок суперника; усі оточені фішки перевертаються на твій колір. Якщо ходу немає, ти пропускаєш хід (пас); коли жоден гравець не може ходити, гра закінчується й перемагає той, у кого більше фішок (порожні поля дістаються переможцю).
help-playing = Гра
help-playing-text = Клацни поле, щоб походити туди, або наведи на нього курсор стрілками чи Tab і натисни Enter; підказки позначають можливі ходи з оцінками: результат кожного ходу у фішках для тебе (золотим — точно, розраховано до кінця), найкращий обведено. Клацни хід у списку, щоб переглянути ту позицію, а потім грай із неї або продовж. У режимі «рушій проти рушія» кнопки «Пауза» і «Крок» керують рушіями. Граючи проти тебе, рушій думає на твій час (обдумування на час суперника; див. Налаштування).
help-shortcuts = Клавіші
key-arrows = Стрілки
key-enter-space = Enter, Пробіл
key-delete = Delete
shortcut-new = Нова гра
shortcut-undo = Скасувати хід (проти рушія: назад до твого останнього ходу)
shortcut-redo = Повторити хід
shortcut-copy = Копіювати запис партії
shortcut-paste = Вставити запис партії, позицію OBF або партію GGF
shortcut-library = Бібліотека твоїх партій
shortcut-hints = Підказки: вимкнено, можливі ходи, оцінки ходів
shortcut-best-line = Найкращий варіант програми на дошці як пронумеровані фішки, увімкнути чи вимкнути
shortcut-sound = Увімкнути чи вимкнути звук
shortcut-arrows = Переміщати курсор на дошці
shortcut-tab = Курсор на наступний чи попередній можливий хід
shortcut-enter = Походити на поле під курсором (у редакторі: заповнити його)
shortcut-delete = Редактор: очистити поле під курсором
shortcut-f1 = Це вікно
shortcut-f10 = Рядок меню: стрілки — пересування, Enter — відкрити, Esc — вийти
shortcut-esc = Закрити вікно або відкрити меню
shortcut-zoom = Більший чи менший текст

## Opening and saving games
# $error says what went wrong, in English (it comes from the system or the file reader).

file-save-title = Зберегти гру
file-open-title = Відкрити гру
file-save = Зберегти
file-open = Відкрити
file-filter-games = Партії Отелло (GGF, запис партії)
file-filter-all = Усі файли
file-prompt = Файл (.ggf для GGF, будь-яке інше — для запису партії):
file-saved = Збережено: { $path }.
file-not-saved = Не збережено.
file-nothing-opened = Нічого не відкрито.
file-save-failed = Не вдалося зберегти: { $error }.
file-open-failed = Не вдалося відкрити гру: { $error }. Гру не змінено.
file-open-recent-failed = Не вдалося відкрити гру: { $error }. Гру не змінено, а файл прибрано зі списку недавніх.
file-no-dialog = Системний діалог файлів не відповів, тож гра сама запитує шлях.

## Notices
# $path is a file's path; $error and $move_error say what went wrong, in English (they come
# from the system or the file reader); $kept is the path a damaged file was renamed to.

settings-unreadable = Не вдалося прочитати файл налаштувань { $path } ({ $error }). Гру запущено з типовими налаштуваннями, а файл залишено як є: зміни в цьому сеансі не зберігаються.
settings-damaged-kept = Не вдалося використати файл налаштувань { $path } ({ $error }). Гру запущено з типовими налаштуваннями. Файл збережено як { $kept }.
settings-damaged-left = Не вдалося використати файл налаштувань { $path } ({ $error }). Гру запущено з типовими налаштуваннями. Файл не вдалося перейменувати ({ $move_error }), тож його залишено як є.
settings-save-failed = Не вдалося зберегти налаштування в { $path }: { $error }
book-unreadable = Не вдалося прочитати твою книгу дебютів { $path } ({ $error }); використовується вбудована книга, а файл залишено як є.
book-damaged-kept = Не вдалося використати твою книгу дебютів { $path } ({ $error }). Використовується вбудована книга. Файл збережено як { $kept }.
book-damaged-left = Не вдалося використати твою книгу дебютів { $path } ({ $error }). Використовується вбудована книга. Файл не вдалося перейменувати ({ $move_error }), тож його залишено як є.
book-save-failed = Не вдалося зберегти твою книгу дебютів { $path } ({ $error }).
practice-unreadable = Не вдалося прочитати твої тренувальні картки { $path } ({ $error }); файл залишено як є, а нові картки в цьому сеансі не зберігатимуться.
practice-damaged-kept = Не вдалося використати твої тренувальні картки { $path } ({ $error }). Розпочато новий набір карток; старий файл збережено як { $kept }.
practice-damaged-left = Не вдалося використати твої тренувальні картки { $path } ({ $error }). Розпочато новий набір карток; старий файл не вдалося перемістити ({ $move_error }), його залишено як є.
practice-save-failed = Не вдалося зберегти тренувальні картки в { $path }: { $error }
strength-unreadable = Не вдалося прочитати твої проаналізовані партії { $path } ({ $error }); файл залишено як є, а нові партії в цьому сеансі не зберігатимуться.
strength-damaged-kept = Не вдалося використати твої проаналізовані партії { $path } ({ $error }). Розпочато нову історію; старий файл збережено як { $kept }.
strength-damaged-left = Не вдалося використати твої проаналізовані партії { $path } ({ $error }). Розпочато нову історію; старий файл не вдалося перемістити ({ $move_error }), його залишено як є.
strength-save-failed = Не вдалося зберегти проаналізовані партії в { $path }: { $error }
game-unreadable = Не вдалося прочитати твою незавершену партію { $path } ({ $error }); файл залишено як є, а партія цього сеансу не зберігатиметься.
game-damaged-kept = Не вдалося використати твою незавершену партію { $path } ({ $error }). Розпочато нову партію; старий файл збережено як { $kept }.
game-damaged-left = Не вдалося використати твою незавершену партію { $path } ({ $error }). Розпочато нову партію; старий файл не вдалося перемістити ({ $move_error }), його залишено як є.
game-save-failed = Не вдалося зберегти партію в { $path }: { $error }
book-learned = Книга дебютів навчилася на цій партії (проаналізовано позицій: { $positions })
sound-no-device = Аудіопристрій не знайдено, тож гра без звуку. Підключи його й перезапусти гру, щоб чути звук, або вимкни звук у Налаштуваннях.
moves-bad = --moves: { $error }
graphics-none-title = Reversi не може намалювати своє вікно
graphics-none = Жоден графічний драйвер на цьому комп’ютері не дав грі пристрою для малювання (спробувано: { $tried }). Зазвичай допомагає оновлення драйвера відеокарти; у віртуальній машині ввімкни 3D-прискорення.
book-title = Книга дебютів
book-none = Книга не знає тут жодного ходу.
book-position = У книзі: { $value } для сторони, що ходить, ліній через цю позицію: { $lines }. { $opening }
book-col-move = Хід
book-col-value = Оцінка
book-col-from = Звідки
book-col-lines = Лінії
book-col-games = Виграші / нічиї / поразки
book-from-line = лінія книги
book-from-search = пошук, глибина { $depth }
book-from-exact = точний розв'язок
book-import-edax = Імпортувати книгу Edax...
book-export-edax = Експортувати як книгу Edax...
edax-importing = Читаю книгу Edax { $path }...
edax-exporting = Записую книгу до { $path }...
edax-imported = Прочитано позицій: { $positions } з { $path } (нових у книзі: { $new }); рушій і підказки вже грають із них, а твоя книга їх зберігає.
edax-exported = Позиції книги ({ $positions }) записано до { $path } у форматі Edax (байтів: { $bytes }).
edax-busy = Книга Edax ще читається або записується: спробуй знову, коли закінчиться.
edax-failed = Нічого не імпортовано й не записано: { $error }
book-add-line = Додати цей варіант
book-add-line-tip = Додає до вашої книги позиції від початку до тієї, що на дошці; кожну нову аналізує (глибина 14), від найглибшої, і оцінки вище йдуть за ними.
book-undo = Скасувати останню зміну
book-adding = Додавання варіанта: { $done } з { $all } позицій
book-stop = Зупинити
book-from-hand = задано вручну
book-edit = Змінити
book-edit-value = Оцінка для сторони, що робить хід:
book-set-value = Задати цю оцінку
book-clear-value = Прибрати оцінку, задану вручну
book-remove-move = Видалити цей хід і те, до чого веде лише він
book-edit-busy = Книга зайнята (навчання на партії, додавання книги Edax чи варіанта): спробуйте, коли це скінчиться.
book-value-set = { $square } тепер має у вашій книзі оцінку { $value }.
book-value-cleared = Оцінка { $square } знову та, що дає книга.
book-move-removed = { $square } видалено з вашої книги (позицій: { $positions }).
book-line-added = Варіант додано до вашої книги: проаналізовано позицій: { $searched }, нових: { $new }.
book-line-stopped = Варіант не додано (зупинено).
book-undone = Останню зміну книги скасовано.
book-nothing-to-undo = Немає зміни книги, яку можна скасувати.
file-import-book-title = Імпорт книги Edax
file-export-book-title = Експорт книги у форматі Edax
file-import = Імпортувати
file-export = Експортувати
file-filter-edax-books = Книги Edax
file-prompt-edax = Файл книги Edax (book.dat):
file-prompt-image = Файл PNG для зображення (board.png):
database-title = База партій
database-choose = Вибрати теку...
database-no-folder = Теку ще не вибрано.
database-explain = База читає файли WTHOR французької федерації отело (усі турнірні партії з 1977 року: WTH_1977.wtb ... WTH_2025.wtb, з WTHOR.JOU для гравців і WTHOR.TRN для турнірів), завантажені у вашу теку. Першого разу партії індексуються (смуга показує, скільки зроблено); індекс зберігається поруч із ними.
database-folder = { $dir }: партій: { $games }
database-reading-index = Читання індексу...
database-reading = Читання файлів WTHOR: { $done } з { $files }
database-indexing = Індексування партій: { $done } з { $games }
database-from-index = Прочитано з індексу ({ $file }).
database-built = Прочитано з файлів WTHOR ({ $why }); індекс { $file } записано на наступний раз.
database-built-unsaved = Прочитано з файлів WTHOR ({ $why }); індекс не вдалося записати ({ $error }), тож наступного разу їх буде прочитано знову.
database-opened = Базу партій відкрито: партій: { $games } з { $dir }.
database-player = Гравець:
database-years = Роки:
database-any-year = будь-який
database-clear = Очистити
database-none-here = Жодна партія бази не дійшла до цієї позиції.
database-position = Партій, що дійшли до цієї позиції: { $games }. Ходи, зіграні тут, і як вони вийшли для сторони, що їх зіграла:
database-col-move = Хід
database-col-games = Партії
database-col-share = Частка
database-col-score = Результат
database-col-discs = Середня різниця
database-col-engine = Рушій
database-col-book = Книга
database-games = Партії (перші { $shown } з { $games }):
database-open = Відкрити
database-game-source = { $black } - { $white }, { $tournament } { $year }
library-title = Бібліотека
library-folder = Твої партії зберігаються в { $dir }
library-no-folder = Цей запуск не зберігає файлів, тож партії не зберігаються.
library-reading = Читання партій: { $done } з { $games }
library-unreadable = Не вдалося прочитати файлів: { $files }; перший: { $first }
library-no-record = Ще немає партій з програмою.
library-record = Твій результат проти кожного рівня
library-col-level = Рівень
library-col-score = Результат
library-won = Виграші
library-drawn = Нічиї
library-lost = Поразки
library-unfinished = Незавершені
library-level = Рівень:
library-result = Результат:
library-opening = Дебют:
library-date = Дата:
library-any = будь-який
library-clear = Очистити
library-listed = Партії: { $shown } з { $games }
library-col-date = Дата
library-col-players = Чорні - Білі
library-col-result = Результат
library-col-opening = Дебют
library-col-moves = Ходи
library-you = Ти
library-open = Відкрити
library-open-hint = Відкрий партію на дошці, щоб переглянути чи проаналізувати її; Гра > Зберегти запише її як GGF або запис ходів.
library-copy-moves = Ходи
library-copied-moves = Ходи партії скопійовано в буфер обміну.
library-copied-ggf = Партію у форматі GGF скопійовано в буфер обміну.
library-delete = Видалити
library-delete-sure = Точно?
library-deleted = Видалено { $path }.
library-game-source = Твоя партія від { $date }
file-database-title = Тека файлів WTHOR
file-choose = Вибрати
file-prompt-database = Тека файлів WTHOR (.wtb):
file-not-a-folder = { $path } не є текою.
image-title = Дошка як зображення
image-coordinates = Координати
image-hints = Підказки
image-hints-tip = Оцінки ходів, якщо підказки їх мають, інакше крапка на кожному дозволеному ході.
image-last-move = Останній хід
image-size = Розмір:
image-pixels = пікселів
image-copy = Копіювати зображення
image-save = Зберегти як PNG...
image-copied = Зображення дошки ({ $size } × { $size } пікселів) у буфері обміну.
file-save-image-title = Зберегти дошку як PNG
file-filter-images = Зображення PNG
other-engine-test-passed = { $name } відповів { $square } з початкової позиції за { $seconds } с.
other-engine-thinking = { $name } думає...
other-engine-illegal = він відповів { $square }, а це тут не дозволений хід
other-engine-failed-status = { $name } зазнав збою: грає далі наш рушій.
other-engine-failed = Інший рушій, { $name }, зазнав збою: { $error }. Наш рушій грає замість нього, доки ви не зміните його налаштування або його перевірка не пройде.
other-engine-hints-failed-status = { $name } не дав підказок: їх дає наш рушій.
other-engine-hints-failed = Інший рушій, { $name }, зазнав збою на підказках: { $error }. Наш рушій дає підказки, доки ви не зміните його налаштування або його перевірка не пройде; він і далі грає, якщо так налаштовано.
