# The designer's view (Settings > Designer's view, or reversi --config DIR).
# File names ($file, $path, $dir), table names ($family, $name), entry keys ($key) and
# numbers written as in the table files ($value, "2.50") stay as they are.

designer-reloaded = Перезавантажено { $file }
designer-removed = { $file } видалено: використовується вбудований файл
# $level is the level that was selected, $first the one played instead.
designer-level-gone = Рівня «{ $level }» більше немає в levels.ron: гра йде на рівні «{ $first }»
designer-folder-error = Вигляд для дизайнера: { $dir }: { $error }
designer-on = Вигляд для дизайнера: гра з таблицями теки { $dir } (якщо вона порожня — з вбудованими)
designer-off = Вигляд для дизайнера вимкнено: знову діють вбудовані таблиці
designer-playing = Гра з файлами теки { $dir }
designer-edited-feature = Змінено eval.ron, рядок { $line }: { $name } = { $value } фішки на ключовому кадрі { $keyframe }
designer-edited-entry = Змінено { $file }, рядок { $line }: "{ $key }" = { $value } фішки на ключовому кадрі { $keyframe }
designer-edit-failed = Не вдалося змінити: { $error }
designer-undone = Скасовано останню зміну в { $path }
designer-undo-failed = Не вдалося скасувати: { $error }

## Why this score

designer-why-title = Чому така оцінка
# $total, $features and $patterns are signed disc values, e.g. "+1.25".
designer-summary = Хід { $side ->
    [black] Чорних
   *[white] Білих
}, порожніх полів: { $empties }; { $total } фішки = ознаки { $features } + шаблони { $patterns }
designer-heatmap = Теплова карта
designer-heatmap-hover = Забарвити кожне поле за його часткою в доданках шаблонів (значення кожного екземпляра розподілено між його полями): синім — на користь сторони, що ходить, червоним — проти
designer-shipped-say = За вбудованими таблицями — { $total } фішки; після доданка, який змінює тека, показано його вбудоване значення.
designer-help = Найбільші доданки таблиць дизайнера для показаної позиції; наведи на доданок, щоб побачити його поля. `reversi-engine explain` виводить їх усі (з --against shipped — і те, що змінює тека); `reversi-engine match --a DIR --b shipped` вимірює вплив зміни на партіях.
designer-not-listed = немає в списку (0)
designer-edit = змінити
designer-edit-feature-hover = Змінити вагу цієї ознаки тут
designer-edit-entry-hover = Змінити значення цього запису тут
designer-entry-at = { $family } "{ $key }" (порожніх полів: { $empties }):
designer-feature-at = { $name } (порожніх полів: { $empties }):
designer-discs-suffix = { " " }фішки
designer-discs-unit-suffix = { " " }фішки на одиницю
designer-apply = Застосувати
designer-apply-entry-hover = Записати у файл таблиці в теці; гра його перезавантажить
designer-apply-feature-hover = Записати в eval.ron у теці; гра його перезавантажить
designer-undo = Скасувати останню зміну ({ $edits })

## Broken files

designer-files-title = Файли дизайнера
designer-files-broken = { $count ->
    [one] { $count } файл у теці { $dir } не вдалося використати; діють останні справні таблиці, доки його не виправлять і не збережуть.
    [few] { $count } файли в теці { $dir } не вдалося використати; діють останні справні таблиці, доки їх не виправлять і не збережуть.
    [many] { $count } файлів у теці { $dir } не вдалося використати; діють останні справні таблиці, доки їх не виправлять і не збережуть.
   *[other] { $count } файлу в теці { $dir } не вдалося використати; діють останні справні таблиці, доки їх не виправлять і не збережуть.
}
designer-error-at = { $file }, рядок { $line }, стовпець { $column }
