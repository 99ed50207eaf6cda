# The designer's view (Settings > Designer's view, or reversi --config DIR).
# File names ($file, $path, $dir), table names ($family, $name), entry keys ($key) and
# numbers written as in the table files ($value, "2.50") stay as they are.

designer-reloaded = Wczytano ponownie { $file }
designer-removed = Usunięto { $file }: używany jest plik dostarczony z grą
# $level is the level that was selected, $first the one played instead.
designer-level-gone = Poziomu „{ $level }” nie ma już w levels.ron: gra na poziomie „{ $first }”
designer-folder-error = Widok projektanta: { $dir }: { $error }
designer-on = Widok projektanta: gra z tabelami z { $dir } (pusty folder: tabele dostarczone z grą)
designer-off = Widok projektanta wyłączony: wróciły tabele dostarczone z grą
designer-playing = Gra z plikami z { $dir }
designer-edited-feature = Edytowano eval.ron, wiersz { $line }: { $name } = { $value } pionka w klatce kluczowej { $keyframe }
designer-edited-entry = Edytowano { $file }, wiersz { $line }: "{ $key }" = { $value } pionka w klatce kluczowej { $keyframe }
designer-edit-failed = Nie udało się edytować: { $error }
designer-undone = Cofnięto ostatnią edycję pliku { $path }
designer-undo-failed = Nie udało się cofnąć: { $error }

## Why this score

designer-why-title = Skąd taka ocena
# $total, $features and $patterns are signed disc values, e.g. "+1.25".
designer-summary = Ruch { $side ->
    [black] czarnych
   *[white] białych
}, puste pola: { $empties }; ocena { $total } pionka = cechy { $features } + wzorce { $patterns }
designer-heatmap = Mapa cieplna
designer-heatmap-hover = Pokoloruj każde pole według jego udziału w składnikach wzorców (wartość każdego wystąpienia rozłożona na jego pola): niebieski na korzyść strony na ruchu, czerwony przeciw niej
designer-shipped-say = Według tabel dostarczonych z grą ocena wynosi { $total } pionka; przy składniku zmienionym przez folder po jego wartości podana jest wartość z tych tabel.
designer-help = Największe składniki tabel projektanta dla pokazanej pozycji; wskaż jeden, aby zobaczyć jego pola. `reversi-engine explain` wypisuje je wszystkie (z --against shipped: to, co zmienia folder); `reversi-engine match --a DIR --b shipped` mierzy skutek zmiany w serii partii.
designer-not-listed = brak na liście (0)
designer-edit = edytuj
designer-edit-feature-hover = Zmień tutaj wagę tej cechy
designer-edit-entry-hover = Zmień tutaj wartość tego wpisu
designer-entry-at = { $family } "{ $key }" (puste pola: { $empties }):
designer-feature-at = { $name } (puste pola: { $empties }):
designer-discs-suffix = { " " }pionka
designer-discs-unit-suffix = { " " }pionka na jednostkę
designer-apply = Zastosuj
designer-apply-entry-hover = Zapisz to w pliku tabeli w folderze; gra wczyta go ponownie
designer-apply-feature-hover = Zapisz to w eval.ron w folderze; gra wczyta go ponownie
designer-undo = Cofnij ostatnią edycję ({ $edits })

## Broken files

designer-files-title = Pliki projektanta
designer-files-broken = { $count ->
    [one] Nie udało się użyć { $count } pliku w { $dir }; ostatnie poprawne tabele obowiązują, dopóki nie zostanie poprawiony i zapisany.
    [few] Nie udało się użyć { $count } plików w { $dir }; ostatnie poprawne tabele obowiązują, dopóki nie zostaną poprawione i zapisane.
    [many] Nie udało się użyć { $count } plików w { $dir }; ostatnie poprawne tabele obowiązują, dopóki nie zostaną poprawione i zapisane.
   *[other] Nie udało się użyć { $count } pliku w { $dir }; ostatnie poprawne tabele obowiązują, dopóki nie zostaną poprawione i zapisane.
}
designer-error-at = { $file }, wiersz { $line }, kolumna { $column }
