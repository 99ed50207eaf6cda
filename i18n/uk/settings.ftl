# The settings window and the names of the choices it offers.

settings-title = Налаштування
settings-saved = Налаштування зберігаються одразу після зміни.

## The choices' names

mode-human-vs-engine = Людина проти рушія
mode-human-vs-human = Людина проти людини
mode-engine-vs-engine = Рушій проти рушія
hints-off = Вимкнено
hints-moves = Можливі ходи
hints-scores = Оцінки ходів
animation-off = Вимкнено
animation-slow = Повільна
animation-normal = Звичайна
animation-fast = Швидка
theme-classic = Класична зелена
theme-ocean = Океанська синя
theme-high-contrast = Висока контрастність
theme-colour-blind = Для дальтоніків
ponder-all-replies = Усі твої відповіді
ponder-predicted = Твій очікуваний хід
clock-off = Вимкнено
# A time control: $minutes for each side, $increment seconds added after each move.
clock-minutes = { $minutes } хв
clock-minutes-increment = { $minutes } хв + { $increment } с
language-system = Системна ({ $language })

## The rows

settings-game = Гра
settings-colour = Твій колір
settings-black = Чорні (ходять першими)
settings-white = Білі
settings-difficulty = Складність
# A level in the list: $number its place on the ladder, $name its name.
settings-level-item = { $number }. { $name }
settings-hints = Підказки (H)
settings-hints-about = Оцінки ходів: оцінка кожного можливого ходу у фішках (золотим — точно), найкращий обведено.
settings-hint-strength = Сила підказок
hint-strength-quick = Швидкі
hint-strength-normal = Звичайні
hint-strength-deep = Глибокі
hint-strength-quick-about = Близько { $seconds } с на позицію: оцінки з'являються одразу й не навантажують комп'ютер, але вони менш глибокі.
hint-strength-normal-about = Близько { $seconds } с на позицію, стільки, скільки найсильніший рівень з часом думає над ходом.
hint-strength-deep-about = До { $seconds } с на позицію: глибші оцінки, і всі потоки програми працюють, поки ти думаєш (вентилятор ноутбука це покаже).
settings-clocks = Контроль часу
settings-clocks-about = Час кожної сторони, починаючи з наступної гри, плюс секунди, що додаються після кожного ходу; рушій теж грає за своїм годинником.
settings-designer = Дизайнер
settings-designer-view = Вигляд для дизайнера
settings-designer-about = Грай зі своїми таблицями (тека поруч із твоїми налаштуваннями, спершу порожня: тоді діють вбудовані таблиці) і дивись, чому рушію подобається позиція; редагуй там записи таблиць. reversi --config DIR робить те саме з будь-якою текою.
settings-files = Файли
settings-system-dialogs = Системні діалоги файлів
settings-files-about = Якщо вимкнено або системний діалог не відповідає, «Відкрити» і «Зберегти» запитують шлях у самій грі.
settings-book = Книга дебютів
settings-learn = Навчатися на завершених партіях
settings-book-about = Дебют кожної завершеної партії аналізується й додається до твоєї книги, щоб програшна лінія не повторювалася.
settings-pondering = Обдумування на час суперника
settings-ponder = Рушій думає на твій час
settings-ponder-hints = Коли ввімкнено оцінки ходів, обдумуванням слугує оцінювання твоїх ходів.
settings-animation = Анімація
settings-sound = Звук
settings-sounds = Звуки
settings-quiet = Без звуку, коли вікно у фоні
settings-text-size = Розмір тексту
settings-text-size-about = Меню, панелі та вікна; його також змінюють Ctrl+Plus і Ctrl+Minus.
settings-language = Мова
settings-language-about = Слова гри; координати дошки та ходи залишаються a1-h8.
settings-board = Дошка
settings-memory = Пам'ять рушія
settings-memory-hover = Розмір таблиці транспозицій: більша пам'ятає більше позицій
settings-threads = Потоки рушія
settings-threads-all-but-one = { $threads } (усі ядра, крім одного)
settings-threads-hover = Ядра, на яких думає рушій (на цьому комп'ютері їх { $cores }); одне лишається дошці, щоб усе йшло плавно

## Levels

level-beginner = Початківець
level-beginner-about = Дивиться на один хід уперед і часто грає гірший хід, ніж міг би.
level-novice = Новачок
level-novice-about = Дивиться на один хід уперед і здебільшого обирає добрий хід.
level-monte-carlo = Монте-Карло
level-monte-carlo-about = Розігрує тисячі випадкових партій від кожного ходу, близько секунди на хід, і обирає хід, що виграє найчастіше; коли лишається 10 порожніх полів, знаходить гарантовану перемогу, якщо вона є.
level-casual = Любитель
level-casual-about = Дивиться на два ходи вперед; грає розсудливо, але час від часу грубо помиляється.
level-club = Клубний гравець
level-club-about = Прораховує на три ходи вперед; робить лише дрібні помилки.
level-intermediate = Досвідчений
level-intermediate-about = Прораховує на чотири ходи вперед, рідко щось віддає й бездоганно грає останні 10 ходів.
level-advanced = Сильний
level-advanced-about = Завжди грає найкращий хід, який бачить на п'ять ходів уперед; бездоганний, коли лишається 12 порожніх полів.
level-expert = Експерт
level-expert-about = Прораховує на сім ходів уперед; бездоганний, коли лишається 14 порожніх полів.
level-master = Майстер
level-master-about = Прораховує на дев'ять ходів уперед; бездоганний, коли лишається 16 порожніх полів.
level-grandmaster = Гросмейстер
level-grandmaster-about = Прораховує на одинадцять ходів уперед; бездоганний, коли лишається 18 порожніх полів.
level-strongest = Найсильніший
level-strongest-about = Думає близько трьох секунд на хід (більше в мітельшпілі, менше в дебюті) і прораховує перспективні лінії на 18–24 ходів уперед; бездоганний, коли лишається 20 порожніх полів, а якщо дозволяє час — і раніше.
level-tournament-1400 = Турнір 1400
level-tournament-1400-about = Помиляється так, як гравці турнірів із рейтингом близько 1400 у партіях бази WTHOR: переважно добрі ходи, зрідка справжня помилка. Знає ціну кожного ходу на десять ходів уперед (точно, коли лишається 18 порожніх полів) і помиляється, як вони, у кожній фазі гри.
level-tournament-1800 = Турнір 1800
level-tournament-1800-about = Помиляється так, як гравці турнірів із рейтингом близько 1800 у партіях бази WTHOR: переважно добрі ходи, зрідка справжня помилка. Знає ціну кожного ходу на десять ходів уперед (точно, коли лишається 18 порожніх полів) і помиляється, як вони, у кожній фазі гри.
level-tournament-2000 = Турнір 2000
level-tournament-2000-about = Помиляється так, як гравці турнірів із рейтингом близько 2000 у партіях бази WTHOR: переважно добрі ходи, зрідка справжня помилка. Знає ціну кожного ходу на десять ходів уперед (точно, коли лишається 18 порожніх полів) і помиляється, як вони, у кожній фазі гри.

## The Adaptive level

adaptive-name = Адаптивний
adaptive-item = Адаптивний (близько { $rating })
adaptive-about = Грає на твоєму рівні: зараз близько { $rating } за шкалою драбини і помиляється як гравець такої сили: у дебюті, мітельшпілі та ендшпілі, щоразу настільки, як рівні поруч. Після кожної партії грає сильніше, якщо ти виграв, слабше, якщо програв, щоб ти вигравав близько половини партій.
adaptive-about-people = Грає на твоєму рівні: зараз близько { $rating } за шкалою драбини і помиляється так, як гравці турнірів із рейтингом близько { $elo } у партіях бази WTHOR (як рівні Турнір). Після кожної партії грає сильніше, якщо ти виграв, слабше, якщо програв, щоб ти вигравав близько половини партій.
adaptive-moved = Адаптивний рівень тепер грає на близько { $after } (було { $before }).
settings-other-engine = Інший рушій
settings-other-engine-hover = Будь-яка програма, що розмовляє протоколом NBoard (NTest, Edax або reversi-engine nboard цієї гри): команда, яка її запускає.
settings-other-engine-placeholder = напр. reversi-engine nboard
settings-other-name = Його назва
settings-other-name-placeholder = назва, яку він дає собі сам
settings-other-depth = Його глибина
settings-other-plays = Грає замість нашого
settings-other-plays-hover = Грає за рушій проти вас, а в режимі рушій проти рушія — білими.
settings-other-hints = Дає оцінки підказок
settings-other-timeout = Його ліміт часу
settings-other-timeout-value = с на хід
settings-other-test = Перевірити
settings-other-testing = Запуск і запит ходу...
