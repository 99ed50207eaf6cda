//! The Library window's folder of games played: the time to read a folder of 10,000 GGF
//! files as the game writes them (random legal games, a third unfinished, against the levels,
//! between humans and engine against engine), then to filter, sort and count the player's
//! record over them. Run with `cargo bench --no-default-features --bench played_games` (env
//! `GAMES`, default 10000). The folder is made under the system's temp folder and removed.

mod common;

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use reversi::engine::{Game, GgfGame, Squares};
use reversi::played_games::{
    HUMAN, LibraryFilter, Outcome, SortBy, read_played_folder, records, sort_games,
};

fn main() {
    let count = common::env_or("GAMES", 10_000usize);
    let dir = std::env::temp_dir().join(format!("played-games-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let mut rng = StdRng::seed_from_u64(1);
    let levels = ["Novice", "Casual", "Strong", "Expert", "Master"];
    let made = Instant::now();
    for n in 0..count {
        let mut game = Game::new();
        let stop = if n % 3 == 0 {
            rng.random_range(4..50)
        } else {
            usize::MAX
        };
        while !game.is_over() && game.played_moves().len() < stop {
            if game.must_pass() {
                game.play(reversi::engine::Ply::Pass).expect("a pass");
                continue;
            }
            let legal: Vec<_> = Squares(game.position().board.moves()).collect();
            let sq = legal[rng.random_range(0..legal.len())];
            game.play_move(sq).expect("legal");
        }
        let engine = format!("Reversi ({})", levels[n % levels.len()]);
        let (black, white) = match n % 4 {
            0 => (HUMAN.to_string(), engine),
            1 => (engine, HUMAN.to_string()),
            2 => ("Black".to_string(), "White".to_string()),
            _ => (engine.clone(), engine),
        };
        let text = GgfGame::write_with_variations(&game, &black, &white, "Reversi");
        // A game a minute from 2020 on, named as the game names them.
        let start = chrono::NaiveDate::from_ymd_opt(2020, 1, 1)
            .expect("a date")
            .and_hms_opt(0, 0, 0)
            .expect("a time")
            + chrono::Duration::minutes(n as i64);
        let name = format!("{}.ggf", start.format("%Y-%m-%d-%H%M%S"));
        std::fs::write(dir.join(name), text).expect("a game file");
    }
    println!(
        "{count} game files written in {:.2} s",
        made.elapsed().as_secs_f64()
    );
    for round in 1..=3 {
        let start = Instant::now();
        let folder = read_played_folder(&dir, &mut |_, _| {});
        let read_s = start.elapsed().as_secs_f64();
        assert_eq!(folder.games.len(), count, "{:?}", folder.errors.first());
        let start = Instant::now();
        let filter = LibraryFilter {
            level: Some("Casual".into()),
            outcome: Some(Outcome::Won),
            ..LibraryFilter::default()
        };
        let kept = folder.games.iter().filter(|g| filter.keeps(g)).count();
        let mut games = folder.games.clone();
        sort_games(&mut games, SortBy::Opening, false);
        let record = records(&folder.games);
        let listed_ms = start.elapsed().as_secs_f64() * 1e3;
        println!(
            "round {round}: {count} games read in {read_s:.2} s ({:.0} us a game); filtered \
             ({kept} won against Casual), sorted by opening and counted ({} levels) in \
             {listed_ms:.1} ms",
            read_s * 1e6 / count as f64,
            record.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
