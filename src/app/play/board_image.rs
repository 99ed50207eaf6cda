//! The board as a picture (issue 74): the position drawn off screen, anti-aliased, in the
//! board's own theme and proportions, with or without the coordinates, the hints and the
//! last move; for a PNG file or the clipboard, for books, sites and teaching.
//!
//! `vello_cpu` draws the shapes; the letters and the scores are the outlines of egui's own
//! font, read with `skrifa`. Nothing here touches the window: the same picture comes out
//! at any size on any machine.

use std::sync::OnceLock;

use bevy::prelude::Color;
use skrifa::instance::{LocationRef, Size};
use skrifa::outline::{DrawSettings, OutlinePen};
use skrifa::{FontRef, MetadataProvider};
use vello_cpu::color::{AlphaColor, Srgb};
use vello_cpu::kurbo::{BezPath, Circle, Point, Rect, Shape, Stroke};
use vello_cpu::{Pixmap, RenderContext, Resources};

use super::game::Match;
use super::layout::FRAME;
use super::markers::{ScoreMark, board_marks, last_move};
use super::theme::{Paint, book_color, label_color, score_color};
use crate::app::engine_report::MoveHints;
use crate::app::files::settings::{BoardTheme, ImageOptions};
use crate::engine::book::Book;
use crate::engine::{Position, Side, Square, Squares};

/// The frame's width around the squares when the coordinates are left out, in squares.
const BARE_FRAME: f64 = 0.12;
/// The smallest and largest picture, in pixels a side.
pub(crate) const SIZES: [u32; 5] = [400, 600, 800, 1200, 1600];

/// What the picture shows.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Picture {
    /// The position.
    pub position: Position,
    /// The hints: the scores on their squares, or (when empty) a dot on each legal move.
    /// `None`: no hints.
    pub hints: Option<Vec<ScoreMark>>,
    /// The last move, marked.
    pub last_move: Option<Square>,
    /// The letters and numbers around the board.
    pub coordinates: bool,
    /// The colours.
    pub theme: BoardTheme,
    /// The picture's side in pixels.
    pub size: u32,
}

impl Picture {
    /// The picture of the position on show in the match, as `options` ask: the hints' scores
    /// where the hints have them (else dots on the legal moves), the last move.
    pub(crate) fn of(
        m: &Match,
        move_hints: &MoveHints,
        book: &Book,
        options: ImageOptions,
        theme: BoardTheme,
    ) -> Picture {
        let position = m.position();
        let hints = (options.hints && !m.game.is_over()).then(|| board_marks(m, move_hints, book));
        Picture {
            position,
            hints,
            last_move: last_move(m).filter(|_| options.last_move),
            coordinates: options.coordinates,
            theme,
            size: options.size,
        }
    }
}

/// A drawn picture: straight (not premultiplied) RGBA, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rendered {
    /// Its side in pixels.
    pub size: u32,
    /// Four bytes a pixel.
    pub rgba: Vec<u8>,
}

impl Rendered {
    /// The pixel at `(x, y)` from the top-left corner.
    #[cfg(test)]
    pub(crate) fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.size + x) * 4) as usize;
        [
            self.rgba[i],
            self.rgba[i + 1],
            self.rgba[i + 2],
            self.rgba[i + 3],
        ]
    }

    /// The picture as a PNG file.
    ///
    /// # Errors
    /// The encoder's message (it has no reason to fail on a picture in memory).
    pub(crate) fn png(&self) -> Result<Vec<u8>, String> {
        let side = u16::try_from(self.size).map_err(|e| e.to_string())?;
        let mut pixmap = Pixmap::new(side, side);
        for (to, from) in pixmap
            .data_as_u8_slice_mut()
            .chunks_exact_mut(4)
            .zip(self.rgba.chunks_exact(4))
        {
            // The board is opaque: straight and premultiplied colours are the same.
            to.copy_from_slice(from);
        }
        pixmap.into_png().map_err(|e| e.to_string())
    }
}

/// A theme's colour as vello's.
fn rgba(color: Color) -> AlphaColor<Srgb> {
    let c = color.to_srgba();
    AlphaColor::new([c.red, c.green, c.blue, c.alpha])
}

/// egui's default proportional font (Ubuntu Light), which the game's windows use too.
fn font() -> &'static [u8] {
    static FONT: OnceLock<Vec<u8>> = OnceLock::new();
    FONT.get_or_init(|| {
        bevy_egui::egui::FontDefinitions::default()
            .font_data
            .get("Ubuntu-Light")
            .map(|f| f.font.to_vec())
            .unwrap_or_default()
    })
}

/// Collects a glyph's outline as a path, in pixels, y downwards.
struct PathPen {
    path: BezPath,
    x: f64,
    y: f64,
}

impl PathPen {
    fn at(&self, x: f32, y: f32) -> Point {
        Point::new(self.x + f64::from(x), self.y - f64::from(y))
    }
}

impl OutlinePen for PathPen {
    fn move_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.path.move_to(p);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.at(x, y);
        self.path.line_to(p);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        let (c, p) = (self.at(cx0, cy0), self.at(x, y));
        self.path.quad_to(c, p);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        let (c0, c1, p) = (self.at(cx0, cy0), self.at(cx1, cy1), self.at(x, y));
        self.path.curve_to(c0, c1, p);
    }
    fn close(&mut self) {
        self.path.close_path();
    }
}

/// A line of text as one path, `px` pixels to the em, its ink centred on `centre`; an empty
/// path when the font lacks it.
fn text_path(text: &str, px: f64, centre: Point) -> BezPath {
    let Ok(font) = FontRef::new(font()) else {
        return BezPath::new();
    };
    let size = Size::new(px as f32);
    let metrics = font.glyph_metrics(size, LocationRef::default());
    let (charmap, outlines) = (font.charmap(), font.outline_glyphs());
    let mut pen = PathPen {
        path: BezPath::new(),
        x: 0.0,
        y: 0.0,
    };
    for c in text.chars() {
        let Some(id) = charmap.map(c) else { continue };
        if let Some(glyph) = outlines.get(id) {
            let settings = DrawSettings::unhinted(size, LocationRef::default());
            // A glyph that does not draw is left out; the others still show.
            let _ = glyph.draw(settings, &mut pen);
        }
        pen.x += f64::from(metrics.advance_width(id).unwrap_or(0.0));
    }
    let ink = pen.path.bounding_box();
    let shift = centre - ink.center();
    pen.path
        .apply_affine(vello_cpu::kurbo::Affine::translate(shift));
    pen.path
}

/// Fills a line of text, a touch bolder than the font's light weight (its outline is
/// stroked too, `EMBOLDEN` of an em wide), so that it reads at small sizes.
fn draw_text(ctx: &mut RenderContext, text: &str, px: f64, centre: Point) {
    const EMBOLDEN: f64 = 0.045;
    let path = text_path(text, px, centre);
    ctx.fill_path(&path);
    ctx.set_stroke(Stroke::new(EMBOLDEN * px));
    ctx.stroke_path(&path);
}

/// Board units (one per square, `(0, 0)` the top-left corner of a1) to pixels.
struct Frame {
    /// The top-left corner of a1, in pixels.
    origin: f64,
    /// A square's side in pixels.
    square: f64,
}

impl Frame {
    /// The frame of a picture `side` pixels wide: the squares and a border of the
    /// coordinates' width, or a thin one without them.
    fn of(coordinates: bool, side: u32) -> Frame {
        let width = if coordinates {
            f64::from(FRAME)
        } else {
            BARE_FRAME
        };
        let square = f64::from(side) / (8.0 + 2.0 * width);
        Frame {
            origin: width * square,
            square,
        }
    }

    /// The border's width, in squares.
    fn border(&self) -> f64 {
        self.origin / self.square
    }

    fn at(&self, x: f64, y: f64) -> Point {
        Point::new(self.origin + x * self.square, self.origin + y * self.square)
    }

    fn centre(&self, sq: Square) -> Point {
        self.at(f64::from(sq.column()) + 0.5, f64::from(sq.row()) + 0.5)
    }

    /// A disc of `diameter` squares around a point.
    fn disc(&self, at: Point, diameter: f64) -> BezPath {
        Circle::new(at, diameter * self.square / 2.0).to_path(0.05)
    }
}

/// Draws the picture.
pub(crate) fn render(picture: &Picture) -> Rendered {
    let side = picture.size.clamp(SIZES[0] / 4, SIZES[SIZES.len() - 1]);
    let px = u16::try_from(side).unwrap_or(u16::MAX);
    let frame = Frame::of(picture.coordinates, side);
    let theme = picture.theme;
    let mut ctx = RenderContext::new(px, px);
    ctx.set_paint(rgba(Paint::Frame.color(theme)));
    ctx.fill_rect(&Rect::new(0.0, 0.0, f64::from(side), f64::from(side)));
    ctx.set_paint(rgba(Paint::Felt.color(theme)));
    ctx.fill_rect(&Rect::from_points(frame.at(0.0, 0.0), frame.at(8.0, 8.0)));
    draw_grid(&mut ctx, &frame, theme);
    if picture.coordinates {
        draw_coordinates(&mut ctx, &frame, theme);
    }
    draw_discs(&mut ctx, &frame, theme, &picture.position);
    if let Some(marks) = &picture.hints {
        draw_hints(&mut ctx, &frame, theme, &picture.position, marks);
    }
    if let Some(sq) = picture.last_move {
        ctx.set_paint(rgba(Paint::LastMove.color(theme)));
        ctx.fill_path(&frame.disc(frame.centre(sq), 0.16));
    }
    ctx.flush();
    let mut pixmap = Pixmap::new(px, px);
    ctx.render(&mut pixmap, &mut Resources::new());
    // The frame covers every pixel: the picture is opaque, whatever the rounding of the
    // coverage says.
    let rgba = pixmap
        .take_unpremultiplied()
        .into_iter()
        .flat_map(|p| [p.r, p.g, p.b, 255])
        .collect();
    Rendered { size: side, rgba }
}

/// The grid (the outer lines twice as thick) and the four star points.
fn draw_grid(ctx: &mut RenderContext, frame: &Frame, theme: BoardTheme) {
    ctx.set_paint(rgba(Paint::Grid.color(theme)));
    for i in 0..=8 {
        let at = f64::from(i);
        let thick = if i == 0 || i == 8 { 0.05 } else { 0.025 };
        let half = (thick * frame.square).max(1.0) / 2.0 / frame.square;
        ctx.fill_rect(&Rect::from_points(
            frame.at(at - half, -half),
            frame.at(at + half, 8.0 + half),
        ));
        ctx.fill_rect(&Rect::from_points(
            frame.at(-half, at - half),
            frame.at(8.0 + half, at + half),
        ));
    }
    for (x, y) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
        ctx.fill_path(&frame.disc(frame.at(x, y), 0.13));
    }
}

/// The letters a-h above and below, the numbers 1-8 left and right.
fn draw_coordinates(ctx: &mut RenderContext, frame: &Frame, theme: BoardTheme) {
    ctx.set_paint(rgba(label_color(theme)));
    let em = 0.3 * frame.square;
    let near = -frame.border() / 2.0;
    let far = 8.0 + frame.border() / 2.0;
    for i in 0..8u8 {
        let middle = f64::from(i) + 0.5;
        let letter = char::from(b'a' + i).to_string();
        let number = char::from(b'1' + i).to_string();
        for (text, x, y) in [
            (&letter, middle, near),
            (&letter, middle, far),
            (&number, near, middle),
            (&number, far, middle),
        ] {
            draw_text(ctx, text, em, frame.at(x, y));
        }
    }
}

/// Every disc: its shadow, rim, face and highlight, as the board draws them.
fn draw_discs(ctx: &mut RenderContext, frame: &Frame, theme: BoardTheme, position: &Position) {
    for (side, discs) in [
        (Side::Black, position.black()),
        (Side::White, position.white()),
    ] {
        let (rim, face, shine) = match side {
            Side::Black => (Paint::BlackRim, Paint::BlackFace, Paint::BlackShine),
            Side::White => (Paint::WhiteRim, Paint::WhiteFace, Paint::WhiteShine),
        };
        for sq in Squares(discs) {
            let c = frame.centre(sq);
            // The board's offsets are in y-up units; the picture's y goes down.
            for (paint, diameter, dx, dy) in [
                (Paint::Shadow, 0.86, 0.03, 0.05),
                (rim, 0.84, 0.0, 0.0),
                (face, 0.74, -0.008, -0.012),
                (shine, 0.34, -0.13, -0.14),
            ] {
                ctx.set_paint(rgba(paint.color(theme)));
                let at = Point::new(c.x + dx * frame.square, c.y + dy * frame.square);
                ctx.fill_path(&frame.disc(at, diameter));
            }
        }
    }
}

/// The hints: a dot on each legal move, or the scores on dark discs with the best ringed.
fn draw_hints(
    ctx: &mut RenderContext,
    frame: &Frame,
    theme: BoardTheme,
    position: &Position,
    marks: &[ScoreMark],
) {
    if marks.is_empty() {
        let paint = match position.side_to_move {
            Side::Black => Paint::HintBlack,
            Side::White => Paint::HintWhite,
        };
        ctx.set_paint(rgba(paint.color(theme)));
        for sq in Squares(position.board.moves()) {
            ctx.fill_path(&frame.disc(frame.centre(sq), 0.26));
        }
        return;
    }
    for mark in marks {
        let c = frame.centre(mark.square);
        ctx.set_paint(rgba(Paint::ScoreBackdrop.color(theme)));
        ctx.fill_path(&frame.disc(c, 0.66));
        if mark.best {
            ctx.set_paint(rgba(Paint::BestMove.color(theme)));
            ctx.set_stroke(Stroke::new(0.064 * frame.square));
            ctx.stroke_path(&Circle::new(c, 0.368 * frame.square).to_path(0.05));
        }
        let color = if mark.book {
            book_color(theme)
        } else {
            score_color(theme, mark.exact)
        };
        ctx.set_paint(rgba(color));
        match &mark.share {
            None => draw_text(ctx, &mark.text, 0.34 * frame.square, c),
            Some(share) => {
                let rate_at = Point::new(c.x, c.y - 0.07 * frame.square);
                draw_text(ctx, &mark.text, 0.25 * frame.square, rate_at);
                ctx.set_paint(rgba(super::markers::SHARE_COLOR));
                let share_at = Point::new(c.x, c.y + 0.16 * frame.square);
                draw_text(ctx, share, 0.17 * frame.square, share_at);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::prelude::ColorToPacked;

    /// The start position after f5 (d6 for White to answer), as a picture.
    fn after_f5(coordinates: bool, hints: Option<Vec<ScoreMark>>) -> Picture {
        let position = Position::start().play_unchecked(sq("f5"));
        Picture {
            position,
            hints,
            last_move: Some(sq("f5")),
            coordinates,
            theme: BoardTheme::Classic,
            size: 400,
        }
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A theme colour as the picture's bytes.
    fn bytes(color: Color) -> [u8; 4] {
        color.to_srgba().to_u8_array()
    }

    /// The pixel at the centre of a square, and at a point `(dx, dy)` squares from it.
    fn at(picture: &Picture, image: &Rendered, sq: &str, dx: f64, dy: f64) -> [u8; 4] {
        let frame = Frame::of(picture.coordinates, image.size);
        let sq = super::tests::sq(sq);
        let p = frame.at(
            f64::from(sq.column()) + 0.5 + dx,
            f64::from(sq.row()) + 0.5 + dy,
        );
        image.pixel(p.x as u32, p.y as u32)
    }

    /// Whether two colours are within `by` in each channel.
    fn near(a: [u8; 4], b: [u8; 4], by: u8) -> bool {
        a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= by)
    }

    /// The same colour, give or take the rasterizer's rounding.
    fn close(a: [u8; 4], b: [u8; 4]) -> bool {
        near(a, b, 5)
    }

    #[test]
    fn the_discs_the_felt_and_the_last_move_have_the_themes_colours() {
        let picture = after_f5(true, None);
        let image = render(&picture);
        assert_eq!(image.size, 400);
        assert_eq!(image.rgba.len(), 400 * 400 * 4);
        let felt = bytes(Paint::Felt.color(BoardTheme::Classic));
        let white = bytes(Paint::WhiteFace.color(BoardTheme::Classic));
        let black = bytes(Paint::BlackFace.color(BoardTheme::Classic));
        let last = bytes(Paint::LastMove.color(BoardTheme::Classic));
        assert_eq!(at(&picture, &image, "a1", 0.0, 0.0), felt);
        assert_eq!(at(&picture, &image, "h8", 0.0, 0.0), felt);
        // d4 is White's; e4, d5, e5 and f5 Black's after f5 (e5 turned).
        assert!(close(at(&picture, &image, "d4", 0.0, 0.0), white));
        for sq in ["e4", "d5", "e5"] {
            let face = at(&picture, &image, sq, 0.0, 0.0);
            assert!(close(face, black), "{sq}: {face:?}");
        }
        assert!(close(at(&picture, &image, "f5", 0.0, 0.0), last));
        // Away from the marker, f5's face is Black's.
        assert!(close(at(&picture, &image, "f5", 0.2, 0.2), black));
        // The frame's corner.
        assert_eq!(
            image.pixel(2, 2),
            bytes(Paint::Frame.color(BoardTheme::Classic))
        );
    }

    #[test]
    fn hints_put_a_dot_on_each_legal_move_or_the_scores_on_dark_discs() {
        let dots = after_f5(false, Some(Vec::new()));
        let image = render(&dots);
        let felt = bytes(Paint::Felt.color(BoardTheme::Classic));
        // White's replies to f5: d6, f4, f6.
        for sq in ["d6", "f4", "f6"] {
            let dot = at(&dots, &image, sq, 0.0, 0.0);
            assert_ne!(dot, felt, "{sq}");
            // White's dots lighten the felt.
            assert!(dot[1] > felt[1], "{sq}: {dot:?}");
        }
        assert_eq!(at(&dots, &image, "c3", 0.0, 0.0), felt);
        let plain = render(&after_f5(false, None));
        assert_eq!(at(&dots, &plain, "d6", 0.0, 0.0), felt);

        let mark = |sq: &str, text: &str, best: bool| ScoreMark {
            square: super::tests::sq(sq),
            text: text.into(),
            exact: false,
            best,
            book: false,
            share: None,
        };
        let scored = after_f5(
            false,
            Some(vec![mark("d6", "+0", false), mark("f4", "+1", true)]),
        );
        let image = render(&scored);
        let ring = bytes(Paint::BestMove.color(BoardTheme::Classic));
        // The ring is on f4 (the best), 0.368 squares out, and not on d6.
        assert!(close(at(&scored, &image, "f4", 0.368, 0.0), ring));
        assert!(!close(at(&scored, &image, "d6", 0.368, 0.0), ring));
        // The score's backdrop darkens the felt; f6, without a score, is bare.
        let backdrop = at(&scored, &image, "d6", -0.25, 0.0);
        assert!(backdrop[1] < felt[1], "{backdrop:?}");
        assert_eq!(at(&scored, &image, "f6", 0.0, 0.0), felt);
        // Some of the score's pixels are the estimate's white.
        let text = bytes(score_color(BoardTheme::Classic, false));
        assert!(count_near(&scored, &image, "f4", text) > 10);
    }

    /// The pixels of a square's middle third that are `color`.
    fn count_near(picture: &Picture, image: &Rendered, sq: &str, color: [u8; 4]) -> usize {
        let mut n = 0;
        for i in -10..=10 {
            for j in -10..=10 {
                let p = at(picture, image, sq, f64::from(i) / 60.0, f64::from(j) / 60.0);
                n += usize::from(near(p, color, 40));
            }
        }
        n
    }

    #[test]
    fn the_coordinates_are_drawn_in_the_frame_only_when_asked() {
        let label = bytes(label_color(BoardTheme::Classic));
        // The labels' colour in the top band, where the letters are (the first row of
        // squares is empty).
        let count = |picture: &Picture| {
            let image = render(picture);
            let band = 400 * 4 * 20;
            image.rgba[..band]
                .chunks_exact(4)
                .filter(|p| near([p[0], p[1], p[2], p[3]], label, 40))
                .count()
        };
        let with = count(&after_f5(true, None));
        assert!(with > 100, "{with} pixels of the labels' colour");
        assert_eq!(count(&after_f5(false, None)), 0);
    }

    #[test]
    fn the_png_holds_the_picture_at_its_size() {
        let image = render(&Picture {
            size: 600,
            ..after_f5(true, None)
        });
        let png = image.png().unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The header chunk: width and height, big-endian.
        assert_eq!(&png[16..24], &[0, 0, 2, 88, 0, 0, 2, 88]);
        if let Some(dir) = std::env::var_os("BOARD_IMAGE_DIR") {
            std::fs::write(std::path::Path::new(&dir).join("board.png"), &png).unwrap();
        }
    }

    /// What drawing costs, by size: `cargo test --release --lib board_image_costs --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: prints the time to draw and encode each size"]
    fn board_image_costs() {
        let marks: Vec<ScoreMark> = ["d6", "f4", "f6"]
            .iter()
            .map(|name| ScoreMark {
                square: sq(name),
                text: "+2".into(),
                exact: false,
                best: *name == "f4",
                book: false,
                share: None,
            })
            .collect();
        for size in [320, 800, 1600] {
            let picture = Picture {
                size,
                ..after_f5(true, Some(marks.clone()))
            };
            let runs = 10;
            let start = std::time::Instant::now();
            for _ in 0..runs {
                std::hint::black_box(render(&picture));
            }
            let draw = start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
            let image = render(&picture);
            let start = std::time::Instant::now();
            let png = image.png().unwrap();
            let encode = start.elapsed().as_secs_f64() * 1000.0;
            println!(
                "{size} px: drawn in {draw:.2} ms, PNG of {} KB in {encode:.2} ms",
                png.len() / 1024
            );
        }
    }
}
