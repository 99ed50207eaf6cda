//! The window's icon: the game's own drawing (`assets/icon/`, made by `scripts/icon.sh`),
//! embedded in the binary and handed to the window once it exists.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The icon as the window gets it: 64 pixels a side (the system scales it).
const ICON_PNG: &[u8] = include_bytes!("../../../assets/icon/icon-64.png");

/// The icon's pixels: RGBA, row by row, and its side.
pub(super) fn icon_rgba() -> Result<(Vec<u8>, u32), String> {
    let image = bevy::image::Image::from_buffer(
        ICON_PNG,
        bevy::image::ImageType::Extension("png"),
        bevy::image::CompressedImageFormats::NONE,
        true,
        bevy::image::ImageSampler::Default,
        bevy::asset::RenderAssetUsages::MAIN_WORLD,
    )
    .map_err(|e| e.to_string())?;
    let side = image.width();
    let rgba = image
        .try_into_dynamic()
        .map_err(|e| e.to_string())?
        .to_rgba8()
        .into_raw();
    Ok((rgba, side))
}

/// Sets the icon on the primary window, once winit has made it (on the main thread, where
/// winit's windows live).
fn set_icon(
    mut done: Local<bool>,
    windows: Query<Entity, With<PrimaryWindow>>,
    _main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else { return };
    WINIT_WINDOWS.with_borrow(|winit_windows| {
        let Some(window) = winit_windows.get_window(entity) else {
            return;
        };
        *done = true;
        match icon_rgba().and_then(|(rgba, side)| {
            winit::window::Icon::from_rgba(rgba, side, side).map_err(|e| e.to_string())
        }) {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("the window icon could not be made: {e}"),
        }
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_icon_decodes_to_its_pixels() {
        let (rgba, side) = icon_rgba().unwrap();
        assert_eq!(side, 64);
        assert_eq!(rgba.len(), 64 * 64 * 4);
        // A transparent corner, the green board inside the rim.
        assert_eq!(rgba[3], 0, "top-left corner transparent");
        let at = |x: usize, y: usize| &rgba[(y * 64 + x) * 4..(y * 64 + x) * 4 + 4];
        let board = at(12, 50);
        assert!(
            board[1] > board[0] && board[1] > board[2],
            "green: {board:?}"
        );
        assert_eq!(board[3], 255);
    }
}
