//! Sounds: a knock when a disc is placed, soft ticks as the discs turn over (ring by ring,
//! in time with the animation), a pass, a refused click, the end of the game (won, lost or
//! drawn, from the player's side) and a falling flag.
//!
//! The sounds are `assets/sounds/*.wav`, built into the program; `synth.rs` is their
//! recipe (compiled for the tests, which check each file against it and can write them).
//! This feature reads the game's messages ([`MovePlayed`], [`PassPlayed`], [`MoveRefused`],
//! [`GameEnded`], [`PositionJumped`]) and plays through Bevy's audio, at the volume in the
//! settings. Without an audio device (Bevy then plays nothing) a probe played at start-up
//! stays unplayed: the player gets one notice, and the game stays silent. A scripted run
//! (screenshot, benchmark) has no audio at all.

#[cfg(test)]
mod synth;

use std::collections::HashMap;

use bevy::audio::{AudioPlayer, AudioSink, AudioSource, PlaybackSettings, Volume};
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::files::settings::{Mode, Settings, SoundSettings};
use crate::app::messages::{GameEnded, MovePlayed, MoveRefused, PassPlayed, PositionJumped};
use crate::app::notices::{Notice, Notices};
use crate::app::schedule::GameSystems;

/// One sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Cue {
    /// A disc put down: a short wooden knock.
    Place,
    /// Discs turning over (one per ring of the ripple): a soft, high tick.
    Flip,
    /// A side has no move: two soft falling notes.
    Pass,
    /// A click where no move can be played: a low double buzz.
    Illegal,
    /// The game ends with the player (or, between two humans or two engines, someone)
    /// winning: a rising major arpeggio.
    Won,
    /// The engine beat the player: a falling minor line.
    Lost,
    /// A draw: one chord, a fifth.
    Draw,
    /// A clock ran out: a falling glide and a knock.
    Flag,
}

impl Cue {
    /// Every cue, in the order of the files.
    pub(super) const ALL: [Cue; 8] = [
        Cue::Place,
        Cue::Flip,
        Cue::Pass,
        Cue::Illegal,
        Cue::Won,
        Cue::Lost,
        Cue::Draw,
        Cue::Flag,
    ];
}

/// The files, as built into the program, in [`Cue::ALL`]'s order.
const FILES: [&[u8]; 8] = [
    include_bytes!("../../../../assets/sounds/place.wav"),
    include_bytes!("../../../../assets/sounds/flip.wav"),
    include_bytes!("../../../../assets/sounds/pass.wav"),
    include_bytes!("../../../../assets/sounds/illegal.wav"),
    include_bytes!("../../../../assets/sounds/won.wav"),
    include_bytes!("../../../../assets/sounds/lost.wav"),
    include_bytes!("../../../../assets/sounds/draw.wav"),
    include_bytes!("../../../../assets/sounds/flag.wav"),
];

/// Frames a sound may wait for Bevy's audio to take it before the device counts as missing.
const PROBE_FRAMES: u32 = 5;

/// How a ring of flipping discs sounds: the tick's level for one disc, and how much louder
/// each further disc of the ring makes it (to at most the tick's full level).
const FLIP_GAIN: (f32, f32) = (0.55, 0.15);

/// The sounds, loaded; absent when the app has no audio (a scripted run, a test).
#[derive(Resource)]
struct Sounds(HashMap<Cue, Handle<AudioSource>>);

/// What is known of the audio device.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) enum AudioDevice {
    /// Nothing played yet.
    #[default]
    Unknown,
    /// A sound was taken by the device.
    Working,
    /// Sounds stay unplayed: there is none (the game keeps quiet).
    Missing,
}

/// Sounds waiting for their time.
#[derive(Resource, Debug, Default)]
struct Due(Vec<DueSound>);

/// A sound to play at a time.
#[derive(Debug, Clone, Copy, PartialEq)]
struct DueSound {
    /// When: seconds of app time (after the move, from [`move_cues`]).
    at_s: f32,
    /// Which sound.
    cue: Cue,
    /// Its level, 0 to 1, before the volume.
    level: f32,
}

impl DueSound {
    fn new(at_s: f32, cue: Cue, level: f32) -> DueSound {
        DueSound { at_s, cue, level }
    }

    /// The silent probe that tells whether there is a device: played whatever the settings.
    fn is_probe(&self) -> bool {
        self.level == 0.0
    }
}

/// A sound handed to Bevy's audio in frame `.0` ([`FrameCount`]).
#[derive(Component)]
struct Sounding(u32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AudioDevice>()
        .init_resource::<Notices>()
        .init_resource::<Due>()
        .add_systems(Startup, load_sounds)
        .add_systems(
            Update,
            (queue_cues, preview_volume, play_due, watch_device)
                .chain()
                .in_set(GameSystems::Visuals),
        );
}

/// Loads the sounds and plays a silent probe, if the app has audio.
fn load_sounds(
    mut commands: Commands,
    assets: Option<ResMut<Assets<AudioSource>>>,
    mut due: ResMut<Due>,
) {
    let Some(mut assets) = assets else { return };
    let sounds = Cue::ALL
        .iter()
        .zip(FILES)
        .map(|(&cue, bytes)| {
            let source = AudioSource {
                bytes: bytes.into(),
            };
            (cue, assets.add(source))
        })
        .collect();
    commands.insert_resource(Sounds(sounds));
    // At level 0: whether the device takes it tells whether there is one.
    due.0.push(DueSound::new(0.0, Cue::Flip, 0.0));
}

/// The sounds of a move, timed in seconds after it: the knock at once, then a tick per ring
/// of discs turning over as each ring shows its new colour; with the animation off
/// (`flip_s` `None`) one tick just after the knock.
fn move_cues(mv: &MovePlayed, flip_s: Option<f32>) -> Vec<DueSound> {
    let mut cues = vec![DueSound::new(0.0, Cue::Place, 1.0)];
    let level = |n: u32| (FLIP_GAIN.0 + FLIP_GAIN.1 * (n - 1) as f32).min(1.0);
    match flip_s {
        Some(flip_s) => {
            // Every disc of a ring turns at the same time: (delay, discs).
            let mut rings: Vec<(f32, u32)> = Vec::new();
            for sq in crate::engine::Squares(mv.flips) {
                let at = mv.flip_delay_s(sq, flip_s) + flip_s / 2.0;
                match rings.iter_mut().find(|(t, _)| *t == at) {
                    Some((_, n)) => *n += 1,
                    None => rings.push((at, 1)),
                }
            }
            rings.sort_by(|a, b| a.0.total_cmp(&b.0));
            cues.extend(
                rings
                    .into_iter()
                    .map(|(at, n)| DueSound::new(at, Cue::Flip, level(n))),
            );
        }
        None if mv.flips != 0 => {
            cues.push(DueSound::new(0.06, Cue::Flip, level(mv.flips.count_ones())));
        }
        None => {}
    }
    cues
}

/// The sound of a game's end, from the player's side: against the engine, won or lost as
/// the human fared; otherwise won for any winner.
fn end_cue(ended: GameEnded, settings: &Settings) -> Cue {
    match ended.winner {
        _ if ended.on_time => Cue::Flag,
        None => Cue::Draw,
        Some(side) if settings.mode == Mode::HumanVsEngine && side != settings.human_color => {
            Cue::Lost
        }
        Some(_) => Cue::Won,
    }
}

/// Turns the game's messages into sounds due. A finished game that was loaded, pasted or
/// stepped to is not cheered: the end sounds only after a move or pass was played.
#[allow(clippy::too_many_arguments)] // a system: each argument is one message or resource
fn queue_cues(
    mut played: MessageReader<MovePlayed>,
    mut passed: MessageReader<PassPlayed>,
    mut refused: MessageReader<MoveRefused>,
    mut ended: MessageReader<GameEnded>,
    mut jumped: MessageReader<PositionJumped>,
    mut live: Local<bool>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut due: ResMut<Due>,
) {
    let now = time.elapsed_secs();
    if jumped.read().count() > 0 {
        *live = false;
        due.0.retain(DueSound::is_probe);
    }
    for mv in played.read() {
        *live = true;
        // A new move cuts the last one's ticks short, as it cuts its animation.
        due.0.retain(|d| d.cue != Cue::Flip || d.is_probe());
        let cues = move_cues(mv, settings.animation.flip_s());
        due.0.extend(cues.into_iter().map(|d| DueSound {
            at_s: now + d.at_s,
            ..d
        }));
    }
    for _ in passed.read() {
        *live = true;
        due.0.push(DueSound::new(now, Cue::Pass, 0.8));
    }
    for _ in refused.read() {
        due.0.push(DueSound::new(now, Cue::Illegal, 0.7));
    }
    for e in ended.read() {
        if *live || e.on_time {
            due.0.push(DueSound::new(now, end_cue(*e, &settings), 1.0));
        }
    }
}

/// A knock at the new volume while the player moves the slider (at most every 0.15 s), and
/// when sound is turned on (M, or Settings), so the player hears the change.
fn preview_volume(
    settings: Res<Settings>,
    mut last: Local<Option<(SoundSettings, f32)>>,
    time: Res<Time>,
    mut due: ResMut<Due>,
) {
    let (sound, now) = (settings.sound, time.elapsed_secs());
    match *last {
        None => *last = Some((sound, f32::NEG_INFINITY)),
        Some((before, at))
            if before.volume_percent != sound.volume_percent || (sound.on && !before.on) =>
        {
            if now - at >= 0.15 {
                due.0.push(DueSound::new(now, Cue::Place, 1.0));
                *last = Some((sound, now));
            }
        }
        Some((_, at)) => *last = Some((sound, at)),
    }
}

/// Plays the sounds whose time has come, unless sound is off, the window is in the
/// background and the player wants quiet then, or there is no device.
#[allow(clippy::too_many_arguments)] // a system: each argument is one resource or query
fn play_due(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    device: Res<AudioDevice>,
    settings: Res<Settings>,
    window: Query<&Window, With<PrimaryWindow>>,
    time: Res<Time>,
    mut due: ResMut<Due>,
    frame: Res<FrameCount>,
) {
    let now = time.elapsed_secs();
    let Some(sounds) = sounds else {
        due.0.clear();
        return;
    };
    let focused = window.single().map(|w| w.focused).unwrap_or(true);
    let quiet = *device == AudioDevice::Missing || (settings.sound.quiet_in_background && !focused);
    let mut i = 0;
    while i < due.0.len() {
        if due.0[i].at_s > now {
            i += 1;
            continue;
        }
        let sound = due.0.swap_remove(i);
        let volume = settings.sound.volume(sound.level);
        if (quiet || volume <= 0.0) && !sound.is_probe() {
            continue;
        }
        commands.spawn((
            AudioPlayer(sounds.0[&sound.cue].clone()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
            Sounding(frame.0),
        ));
    }
}

/// Learns from the sounds handed over whether a device plays them: one that Bevy's audio
/// took has a sink; one still without after [`PROBE_FRAMES`] means no device, which the
/// player is told once (unless sound is off).
fn watch_device(
    mut commands: Commands,
    sounding: Query<(Entity, &Sounding, Has<AudioSink>)>,
    mut device: ResMut<AudioDevice>,
    mut notices: ResMut<Notices>,
    settings: Res<Settings>,
    frame: Res<FrameCount>,
) {
    for (entity, sounding, taken) in &sounding {
        if taken {
            device.set_if_neq(AudioDevice::Working);
            commands.entity(entity).remove::<Sounding>();
        } else if frame.0 >= sounding.0 + PROBE_FRAMES && *device != AudioDevice::Working {
            if *device != AudioDevice::Missing {
                *device = AudioDevice::Missing;
                warn!("no audio device: the game is silent");
                if settings.sound.on {
                    notices.push(Notice::new("sound-no-device"));
                }
            }
            commands.entity(entity).despawn();
        }
    }
}

#[cfg(test)]
mod tests;
