//! Board themes: the colours of the board, the discs and the markers, as shared materials
//! that change in place when the player picks another theme.

use bevy::prelude::*;

use crate::app::files::settings::{BoardTheme, Settings};

/// The things the board draws, each with one shared material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Paint {
    /// The frame around the board, where the coordinates are.
    Frame,
    /// The playing surface.
    Felt,
    /// Grid lines and star points.
    Grid,
    /// The soft shadow under a disc.
    Shadow,
    /// Black disc: rim, face and highlight.
    BlackRim,
    /// Black disc face.
    BlackFace,
    /// Black disc highlight.
    BlackShine,
    /// White disc rim.
    WhiteRim,
    /// White disc face.
    WhiteFace,
    /// White disc highlight.
    WhiteShine,
    /// A legal-move hint for Black.
    HintBlack,
    /// A legal-move hint for White.
    HintWhite,
    /// The disc behind a move's score (hints with scores).
    ScoreBackdrop,
    /// The ring around the best move's score.
    BestMove,
    /// The marker on the last move.
    LastMove,
    /// The square under the pointer, when a move there is legal.
    Hover,
    /// The ring on the best move, viewing the position of a reviewed move that lost discs.
    ReviewBest,
    /// The squares of the evaluation term a designer points at.
    Focus,
    /// The frame of the keyboard's cursor.
    Cursor,
}

impl Paint {
    const ALL: [Paint; 19] = [
        Paint::Frame,
        Paint::Felt,
        Paint::Grid,
        Paint::Shadow,
        Paint::BlackRim,
        Paint::BlackFace,
        Paint::BlackShine,
        Paint::WhiteRim,
        Paint::WhiteFace,
        Paint::WhiteShine,
        Paint::HintBlack,
        Paint::HintWhite,
        Paint::ScoreBackdrop,
        Paint::BestMove,
        Paint::LastMove,
        Paint::Hover,
        Paint::ReviewBest,
        Paint::Focus,
        Paint::Cursor,
    ];

    /// This paint's colour in a theme.
    pub(super) fn color(self, theme: BoardTheme) -> Color {
        use BoardTheme::*;
        let hex = |s: &str| Srgba::hex(s).map(Color::from).unwrap_or(Color::WHITE);
        match (self, theme) {
            (Paint::Frame, Classic) => hex("5b3a22"),
            (Paint::Frame, Ocean) => hex("1f2a36"),
            (Paint::Frame, HighContrast) => hex("000000"),
            (Paint::Frame, ColorBlindSafe) => hex("26292e"),
            (Paint::Felt, Classic) => hex("2f7d46"),
            (Paint::Felt, Ocean) => hex("3b6e8f"),
            (Paint::Felt, HighContrast) => hex("1a1a1a"),
            (Paint::Felt, ColorBlindSafe) => hex("1d5a85"),
            (Paint::Grid, Classic) => hex("15402a"),
            (Paint::Grid, Ocean) => hex("1e3c52"),
            (Paint::Grid, HighContrast) => hex("ffd400"),
            (Paint::Grid, ColorBlindSafe) => hex("0b2a40"),
            (Paint::Shadow, HighContrast) => Color::NONE,
            (Paint::Shadow, _) => Color::srgba(0.0, 0.0, 0.0, 0.35),
            (Paint::BlackRim, HighContrast) => hex("ffffff"),
            (Paint::BlackRim, _) => hex("050505"),
            (Paint::BlackFace, HighContrast) => hex("000000"),
            (Paint::BlackFace, _) => hex("2a2a2a"),
            (Paint::BlackShine, HighContrast) => Color::NONE,
            (Paint::BlackShine, _) => Color::srgba(1.0, 1.0, 1.0, 0.10),
            (Paint::WhiteRim, HighContrast) => hex("000000"),
            (Paint::WhiteRim, _) => hex("b9b9b2"),
            (Paint::WhiteFace, HighContrast) => hex("ffffff"),
            (Paint::WhiteFace, _) => hex("f4f4ee"),
            (Paint::WhiteShine, HighContrast) => Color::NONE,
            (Paint::WhiteShine, _) => Color::srgba(1.0, 1.0, 1.0, 0.7),
            (Paint::HintBlack, HighContrast) => Color::srgba(0.0, 0.9, 1.0, 0.9),
            (Paint::HintBlack, _) => Color::srgba(0.0, 0.0, 0.0, 0.35),
            (Paint::HintWhite, HighContrast) => Color::srgba(0.0, 0.9, 1.0, 0.9),
            (Paint::HintWhite, _) => Color::srgba(1.0, 1.0, 1.0, 0.45),
            (Paint::ScoreBackdrop, HighContrast) => Color::srgba(0.0, 0.0, 0.0, 0.9),
            (Paint::ScoreBackdrop, _) => Color::srgba(0.0, 0.0, 0.0, 0.42),
            (Paint::BestMove, HighContrast) => hex("00e5ff"),
            (Paint::BestMove, ColorBlindSafe) => hex("e69f00"),
            (Paint::BestMove, _) => hex("9dff5c"),
            (Paint::LastMove, HighContrast) => hex("ff2d2d"),
            (Paint::LastMove, ColorBlindSafe) => hex("d55e00"),
            (Paint::LastMove, _) => hex("e5484d"),
            (Paint::Hover, HighContrast) => Color::srgba(0.0, 0.9, 1.0, 0.35),
            (Paint::Hover, ColorBlindSafe) => Color::srgba(1.0, 1.0, 1.0, 0.22),
            (Paint::Hover, _) => Color::srgba(1.0, 1.0, 0.6, 0.18),
            (Paint::ReviewBest, HighContrast) => hex("ff40ff"),
            (Paint::ReviewBest, ColorBlindSafe) => hex("cc79a7"),
            (Paint::ReviewBest, _) => hex("4aa8ff"),
            (Paint::Focus, _) => Color::srgba(1.0, 0.55, 0.1, 0.45),
            (Paint::Cursor, HighContrast | ColorBlindSafe) => hex("ffffff"),
            (Paint::Cursor, _) => hex("ffe066"),
        }
    }
}

/// The window's background colour around the board in a theme.
fn clear_color(theme: BoardTheme) -> Color {
    match theme {
        BoardTheme::Classic => Color::srgb(0.16, 0.15, 0.14),
        BoardTheme::Ocean => Color::srgb(0.11, 0.13, 0.16),
        BoardTheme::HighContrast => Color::BLACK,
        BoardTheme::ColorBlindSafe => Color::srgb(0.12, 0.13, 0.15),
    }
}

/// The colour of a move's score on the board: estimates in white, exact scores in gold.
pub(super) fn score_color(theme: BoardTheme, exact: bool) -> Color {
    match (theme, exact) {
        (_, false) => Color::srgb(0.97, 0.97, 0.95),
        (BoardTheme::HighContrast, true) => Color::srgb(1.0, 0.83, 0.0),
        // Okabe-Ito yellow: lighter and more saturated than the white estimates for every
        // kind of colour vision.
        (BoardTheme::ColorBlindSafe, true) => Color::srgb(0.94, 0.89, 0.26),
        (_, true) => Color::srgb(1.0, 0.80, 0.25),
    }
}

/// The colour of a hint's score that comes from the opening book.
pub(super) fn book_color(theme: BoardTheme) -> Color {
    match theme {
        BoardTheme::HighContrast => Color::srgb(0.45, 0.95, 1.0),
        // Okabe-Ito sky blue.
        BoardTheme::ColorBlindSafe => Color::srgb(0.34, 0.71, 0.91),
        _ => Color::srgb(0.60, 0.90, 0.65),
    }
}

/// The colour of coordinate labels in a theme.
pub(super) fn label_color(theme: BoardTheme) -> Color {
    match theme {
        BoardTheme::Classic => Color::srgb(0.93, 0.85, 0.70),
        BoardTheme::Ocean => Color::srgb(0.80, 0.87, 0.93),
        BoardTheme::HighContrast => Color::srgb(1.0, 0.83, 0.0),
        BoardTheme::ColorBlindSafe => Color::srgb(0.88, 0.90, 0.93),
    }
}

/// One shared material per [`Paint`], recoloured when the theme changes.
#[derive(Resource)]
pub(super) struct Palette {
    materials: Vec<(Paint, Handle<ColorMaterial>)>,
}

impl Palette {
    /// The material for a paint.
    pub(super) fn get(&self, paint: Paint) -> Handle<ColorMaterial> {
        self.materials
            .iter()
            .find(|(p, _)| *p == paint)
            .map(|(_, h)| h.clone())
            .expect("every paint has a material")
    }
}

/// Unit shapes shared by everything on the board: scaled by each entity's transform.
#[derive(Resource)]
pub(super) struct Shapes {
    /// A 1 x 1 square centred on the origin.
    pub square: Handle<Mesh>,
    /// A circle of diameter 1 centred on the origin, smooth at large sizes.
    pub circle: Handle<Mesh>,
    /// A ring of outer diameter 1 and width 0.08, centred on the origin.
    pub ring: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, create_palette).add_systems(
        Update,
        apply_theme.in_set(crate::app::schedule::GameSystems::Visuals),
    );
}

/// Creates the shared materials and shapes before the Startup systems that spawn the board,
/// the discs and the markers with them.
fn create_palette(
    mut commands: Commands,
    settings: Res<Settings>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let theme = settings.theme;
    commands.insert_resource(Palette {
        materials: Paint::ALL
            .iter()
            .map(|&p| (p, materials.add(ColorMaterial::from_color(p.color(theme)))))
            .collect(),
    });
    commands.insert_resource(Shapes {
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        circle: meshes.add(Circle::new(0.5).mesh().resolution(96)),
        ring: meshes.add(Annulus::new(0.42, 0.5).mesh().resolution(96)),
    });
    commands.insert_resource(ClearColor(clear_color(theme)));
}

/// Recolours the shared materials and the background when the theme setting changes.
fn apply_theme(
    settings: Res<Settings>,
    palette: Res<Palette>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut clear: ResMut<ClearColor>,
    mut applied: Local<Option<BoardTheme>>,
) {
    if *applied == Some(settings.theme) {
        return;
    }
    *applied = Some(settings.theme);
    for (paint, handle) in &palette.materials {
        if let Some(mut m) = materials.get_mut(handle) {
            m.color = paint.color(settings.theme);
        }
    }
    clear.0 = clear_color(settings.theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A colour as protanopes (`protan`) or deuteranopes see it (Viénot, Brettel and
    /// Mollon 1999, in linear RGB), back in sRGB.
    fn seen(color: Color, deutan: bool) -> [f32; 3] {
        let c = color.to_linear();
        let m = if deutan {
            [
                [0.29275, 0.70725, 0.0],
                [0.29275, 0.70725, 0.0],
                [-0.02234, 0.02234, 1.0],
            ]
        } else {
            [
                [0.11238, 0.88762, 0.0],
                [0.11238, 0.88762, 0.0],
                [0.00401, -0.00401, 1.0],
            ]
        };
        let v = [c.red, c.green, c.blue];
        let out: Vec<f32> = m
            .iter()
            .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum::<f32>())
            .collect();
        let s = Color::LinearRgba(LinearRgba::rgb(out[0], out[1], out[2])).to_srgba();
        [s.red, s.green, s.blue]
    }

    /// The smallest distance (in sRGB, 0 to 1.73) between two colours for normal, protan
    /// and deutan vision.
    fn worst_distance(a: Color, b: Color) -> f32 {
        let normal = |c: Color| {
            let s = c.to_srgba();
            [s.red, s.green, s.blue]
        };
        [normal(a), seen(a, false), seen(a, true)]
            .iter()
            .zip([normal(b), seen(b, false), seen(b, true)])
            .map(|(x, y)| {
                x.iter()
                    .zip(y)
                    .map(|(p, q)| (p - q).powi(2))
                    .sum::<f32>()
                    .sqrt()
            })
            .fold(f32::INFINITY, f32::min)
    }

    /// What must stand apart on the board: the markers from the felt, the exact scores from
    /// the estimates and the book's.
    fn pairs(theme: BoardTheme) -> Vec<(&'static str, Color, Color)> {
        let felt = Paint::Felt.color(theme);
        vec![
            ("last move on felt", Paint::LastMove.color(theme), felt),
            // The dot sits on the disc just played.
            (
                "last move on a white disc",
                Paint::LastMove.color(theme),
                Paint::WhiteFace.color(theme),
            ),
            (
                "last move on a black disc",
                Paint::LastMove.color(theme),
                Paint::BlackFace.color(theme),
            ),
            ("best ring on felt", Paint::BestMove.color(theme), felt),
            ("review ring on felt", Paint::ReviewBest.color(theme), felt),
            (
                "best ring, review ring",
                Paint::BestMove.color(theme),
                Paint::ReviewBest.color(theme),
            ),
            (
                "exact, estimate",
                score_color(theme, true),
                score_color(theme, false),
            ),
            ("exact, book", score_color(theme, true), book_color(theme)),
        ]
    }

    #[test]
    fn the_colour_blind_theme_keeps_every_pair_apart_for_protans_and_deutans() {
        let found: Vec<(&str, u32)> = pairs(BoardTheme::ColorBlindSafe)
            .into_iter()
            .map(|(name, a, b)| (name, (worst_distance(a, b) * 100.0).round() as u32))
            .collect();
        for (name, d) in &found {
            assert!(*d >= 25, "{name}: {d} in {found:?}");
        }
        // The classic theme's red last-move dot on green felt is what it mends.
        let classic = worst_distance(
            Paint::LastMove.color(BoardTheme::Classic),
            Paint::Felt.color(BoardTheme::Classic),
        );
        assert!(classic < 0.2, "classic last move on felt: {classic}");
    }
}
