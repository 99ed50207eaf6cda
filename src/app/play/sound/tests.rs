use bevy::asset::AssetPlugin;

use super::*;
use crate::engine::{Side, Square};

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

/// The samples of a 16-bit mono WAV file made by [`synth::wav`], after its 44-byte header.
fn samples(wav: &[u8]) -> Vec<i16> {
    wav[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect()
}

/// Each file is its recipe's output (`REVERSI_WRITE_SOUNDS=1` writes them again). The header
/// must match exactly; each sample within 2 steps of 32768, as `sin` and `exp` may round
/// differently on another system's maths library.
#[test]
fn the_files_are_what_the_recipes_make() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    let write = std::env::var_os("REVERSI_WRITE_SOUNDS").is_some();
    for (cue, file) in Cue::ALL.into_iter().zip(FILES) {
        let made = cue.wav();
        if write {
            std::fs::write(folder.join(cue.file_name()), &made).expect("writing a sound");
            continue;
        }
        assert_eq!(
            file[..44],
            made[..44],
            "{}: the header differs from the recipe's; REVERSI_WRITE_SOUNDS=1 writes it again",
            cue.file_name()
        );
        let worst = samples(file)
            .iter()
            .zip(samples(&made))
            .map(|(a, b)| (i32::from(*a) - i32::from(b)).abs())
            .max();
        assert!(
            worst <= Some(2),
            "{}: a sample differs from the recipe's by {worst:?}",
            cue.file_name()
        );
    }
}

/// Length in samples and peak of each sound: short clicks, jingles of about a second, every
/// one at its level (-1 dBFS is 29,204; the flip's -9 dBFS is 11,626).
#[test]
fn the_sounds_have_their_length_and_level() {
    let found: Vec<(&str, usize, i16)> = Cue::ALL
        .into_iter()
        .zip(FILES)
        .map(|(cue, file)| {
            let s = samples(file);
            let peak = s.iter().map(|v| v.saturating_abs()).max().unwrap_or(0);
            (cue.file_name(), s.len(), peak)
        })
        .collect();
    assert_eq!(
        found,
        [
            ("place.wav", 7056, 29204),
            ("flip.wav", 3087, 11626),
            ("pass.wav", 22050, 29204),
            ("illegal.wav", 11466, 29204),
            ("won.wav", 48510, 29204),
            ("lost.wav", 61740, 29204),
            ("draw.wav", 39690, 29204),
            ("flag.wav", 30870, 29204),
        ]
    );
    let total: usize = FILES.iter().map(|f| f.len()).sum();
    assert_eq!(total, 449_290, "the sounds' size in bytes");
    // Nothing starts or ends with a click.
    for (cue, file) in Cue::ALL.into_iter().zip(FILES) {
        let s = samples(file);
        assert_eq!(
            (s[0], s[s.len() - 1]),
            (0, 0),
            "{} starts or ends off zero",
            cue.file_name()
        );
    }
}

#[test]
fn a_move_knocks_then_ticks_once_a_ring_as_the_discs_turn() {
    // e6 played; flips e5 and d5 (ring 1) and e4 (ring 2).
    let mv = MovePlayed {
        square: sq("e6"),
        side: Side::Black,
        flips: sq("e5").bit() | sq("d5").bit() | sq("e4").bit(),
    };
    let round = |cues: Vec<DueSound>| -> Vec<(i32, Cue, i32)> {
        cues.into_iter()
            .map(|d| {
                let ms = (d.at_s * 1000.0).round() as i32;
                (ms, d.cue, (d.level * 100.0).round() as i32)
            })
            .collect()
    };
    // Normal speed, a 0.25 s flip: ring 1 starts at 0.075 s and shows its new colour at
    // 0.2 s; ring 2 a tenth of a second later. Two discs tick louder than one.
    assert_eq!(
        round(move_cues(&mv, Some(0.25))),
        [
            (0, Cue::Place, 100),
            (200, Cue::Flip, 70),
            (300, Cue::Flip, 55)
        ]
    );
    // No animation: one tick for the three discs, just after the knock.
    assert_eq!(
        round(move_cues(&mv, None)),
        [(0, Cue::Place, 100), (60, Cue::Flip, 85)]
    );
}

#[test]
fn the_end_sounds_from_the_players_side() {
    let ended = |winner, on_time| GameEnded { winner, on_time };
    let vs_engine = Settings {
        mode: Mode::HumanVsEngine,
        human_color: Side::White,
        ..Settings::default()
    };
    let two_humans = Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    };
    let found: Vec<Cue> = [
        (ended(Some(Side::White), false), &vs_engine),
        (ended(Some(Side::Black), false), &vs_engine),
        (ended(None, false), &vs_engine),
        (ended(Some(Side::White), true), &vs_engine),
        (ended(Some(Side::Black), false), &two_humans),
        (ended(None, false), &two_humans),
    ]
    .into_iter()
    .map(|(e, s)| end_cue(e, s))
    .collect();
    assert_eq!(
        found,
        [
            Cue::Won,
            Cue::Lost,
            Cue::Draw,
            Cue::Flag,
            Cue::Won,
            Cue::Draw
        ]
    );
}

/// The sound feature alone, with Bevy's audio assets but no audio output (as on a machine
/// with no device: nothing ever takes the sounds).
fn app(settings: Settings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()))
        .init_asset::<AudioSource>()
        .add_message::<MovePlayed>()
        .add_message::<PassPlayed>()
        .add_message::<MoveRefused>()
        .add_message::<GameEnded>()
        .add_message::<PositionJumped>()
        .insert_resource(settings)
        .add_plugins(plugin);
    app.update();
    app
}

/// The sounds handed to Bevy's audio: (cue, volume in percent).
fn playing(app: &mut App) -> Vec<(Cue, i32)> {
    let sounds: HashMap<AssetId<AudioSource>, Cue> = app
        .world()
        .resource::<Sounds>()
        .0
        .iter()
        .map(|(c, h)| (h.id(), *c))
        .collect();
    let world = app.world_mut();
    let mut found: Vec<(Cue, i32)> = world
        .query::<(&AudioPlayer, &PlaybackSettings)>()
        .iter(world)
        .map(|(p, s)| {
            let volume = (s.volume.to_linear() * 100.0).round() as i32;
            (sounds[&p.0.id()], volume)
        })
        .collect();
    found.sort_by_key(|(c, v)| (format!("{c:?}"), *v));
    found
}

fn knock(app: &mut App) {
    app.world_mut().write_message(MoveRefused);
    app.world_mut().write_message(PassPlayed);
    app.update();
}

#[test]
fn sounds_play_at_the_settings_volume_and_not_when_off() {
    let mut app = app_with_working_device(Settings::default());
    knock(&mut app);
    // The probe (at level 0), then the refusal at 70% of 0.7 and the pass at 70% of 0.8.
    assert_eq!(
        playing(&mut app),
        [(Cue::Flip, 0), (Cue::Illegal, 49), (Cue::Pass, 56)]
    );

    let mut off = app_with_working_device(sound_off());
    knock(&mut off);
    assert_eq!(playing(&mut off), [(Cue::Flip, 0)], "only the probe");
}

/// The default settings with sound off.
fn sound_off() -> Settings {
    Settings {
        sound: SoundSettings {
            on: false,
            ..SoundSettings::default()
        },
        ..Settings::default()
    }
}

/// As [`app`], as if the device had taken the probe.
fn app_with_working_device(settings: Settings) -> App {
    let mut app = app(settings);
    *app.world_mut().resource_mut::<AudioDevice>() = AudioDevice::Working;
    app
}

#[test]
fn quiet_in_the_background_when_asked() {
    for (quiet, focused, expected) in [(true, false, 0), (true, true, 2), (false, false, 2)] {
        let mut app = app_with_working_device(Settings {
            sound: SoundSettings {
                quiet_in_background: quiet,
                ..SoundSettings::default()
            },
            ..Settings::default()
        });
        app.world_mut().spawn((
            Window {
                focused,
                ..default()
            },
            PrimaryWindow,
        ));
        knock(&mut app);
        let sounds = playing(&mut app).len() - 1; // less the probe
        assert_eq!(sounds, expected, "quiet {quiet}, focused {focused}");
    }
}

#[test]
fn no_device_gives_one_notice_then_silence() {
    let mut app = app(Settings::default());
    for _ in 0..PROBE_FRAMES + 1 {
        app.update();
    }
    assert_eq!(*app.world().resource::<AudioDevice>(), AudioDevice::Missing);
    assert_eq!(playing(&mut app), [], "the probe was taken away");
    let notices = &app.world().resource::<Notices>().0;
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0], Notice::new("sound-no-device"));
    knock(&mut app);
    assert_eq!(playing(&mut app), []);
    assert_eq!(app.world().resource::<Notices>().0.len(), 1, "told once");
}

#[test]
fn no_device_and_sound_off_gives_no_notice() {
    let mut app = app(sound_off());
    for _ in 0..PROBE_FRAMES + 1 {
        app.update();
    }
    assert_eq!(*app.world().resource::<AudioDevice>(), AudioDevice::Missing);
    assert_eq!(app.world().resource::<Notices>().0.len(), 0);
}

#[test]
fn a_loaded_finished_game_is_not_cheered() {
    let mut app = app_with_working_device(Settings::default());
    let end = GameEnded {
        winner: Some(Side::Black),
        on_time: false,
    };
    app.world_mut().write_message(PositionJumped);
    app.world_mut().write_message(end);
    app.update();
    assert_eq!(playing(&mut app), [(Cue::Flip, 0)], "only the probe");
    app.world_mut().write_message(PassPlayed);
    app.update();
    app.world_mut().write_message(end);
    app.update();
    assert_eq!(
        playing(&mut app),
        [(Cue::Flip, 0), (Cue::Pass, 56), (Cue::Won, 70)]
    );
}

#[test]
fn turning_sound_on_or_moving_the_volume_knocks_once() {
    let mut app = app_with_working_device(sound_off());
    app.world_mut().resource_mut::<Settings>().sound.on = true;
    app.update();
    assert_eq!(playing(&mut app), [(Cue::Flip, 0), (Cue::Place, 70)]);
    // A second change within 0.15 s is not heard.
    app.world_mut()
        .resource_mut::<Settings>()
        .sound
        .volume_percent = 20;
    app.update();
    assert_eq!(playing(&mut app), [(Cue::Flip, 0), (Cue::Place, 70)]);
}
