#!/usr/bin/env bash
# Writes assets/fonts/NotoSansCJKjp-subset.otf: Noto Sans CJK JP Regular cut down to the
# characters the game needs beyond its Latin and Cyrillic font: every character of the
# Japanese translation (i18n/ja/*.ftl) from U+2000 up, the language menu's names, and the
# whole of hiragana, katakana and CJK punctuation (so that small edits of the translation
# rarely need a new font). Run it after changing i18n/ja/; the test
# `app::ui::fonts::tests::every_language_s_text_has_glyphs` fails until it is run.
#
# Needs Debian's fonts-noto-cjk (the source, SIL Open Font License 1.1) and fonttools
# (`pip install fonttools`). NOTO_CJK=path.ttc picks another copy of the collection.
set -euo pipefail
cd "$(dirname "$0")/.."
source=${NOTO_CJK:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
if [ ! -f "$source" ]; then
    echo "subset-cjk-font: $source not found (apt-get install fonts-noto-cjk)" >&2
    exit 1
fi
command -v pyftsubset >/dev/null || { echo "subset-cjk-font: pip install fonttools" >&2; exit 1; }
text=$(mktemp)
trap 'rm -f "$text"' EXIT
# Characters from U+2000 up: the Latin and Cyrillic ones come from egui's own font.
python3 - "$text" i18n/ja/*.ftl <<'PY'
import sys
out, files = sys.argv[1], sys.argv[2:]
chars = {c for f in files for c in open(f, encoding="utf-8").read() if ord(c) >= 0x2000}
chars |= set("日本語")
open(out, "w", encoding="utf-8").write("".join(sorted(chars)))
print(f"subset-cjk-font: {len(chars)} characters from the translation")
PY
# The collection's first font is the Japanese one.
pyftsubset "$source" --font-number=0 \
    --text-file="$text" \
    --unicodes="U+3000-303F,U+3040-309F,U+30A0-30FF,U+FF01-FF60" \
    --layout-features='' --no-hinting --desubroutinize \
    --name-IDs='*' --name-languages='*' \
    --output-file=assets/fonts/NotoSansCJKjp-subset.otf
ls -l assets/fonts/NotoSansCJKjp-subset.otf
