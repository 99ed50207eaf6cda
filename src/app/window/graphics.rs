//! The graphics device, found before Bevy's renderer starts.
//!
//! Bevy asks wgpu for one adapter among all backends and panics when that adapter gives no
//! device. A driver can offer an adapter and then lose the device as it is created (DX12
//! under Wine, whose shader compiler is missing; a broken DX12 driver on Windows), while
//! another backend of the same machine (Vulkan, GL) works. So the game tries first: wgpu
//! picks an adapter as Bevy would, the adapter is asked for a device, and a backend that
//! fails is passed over for the next until one gives a device. The renderer is then
//! started on that backend alone, and the backends passed over are logged. When none
//! works, the player reads why in a message (and the log), not a panic.
//!
//! `WGPU_BACKEND` (e.g. `vulkan`, `dx12,gl`) limits the backends tried, as in Bevy.

use bevy::prelude::*;
use bevy::render::settings::{Backends, PowerPreference};
use bevy::tasks::block_on;

/// A backend that gave no device, and wgpu's reason.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Failure {
    /// The backend (`Dx12`, `Vulkan`, ...), or the set of them when none offered an
    /// adapter.
    pub(super) backend: String,
    /// What wgpu said.
    pub(super) error: String,
}

/// The backend the game draws with, and the backends that failed before it.
#[derive(Clone, Debug, PartialEq, Resource)]
pub(crate) struct GraphicsChoice {
    /// The one backend Bevy's renderer is started on.
    pub(crate) backends: Backends,
    /// The adapter that gave a device, as wgpu names it.
    pub(super) adapter: String,
    /// The backends passed over, in the order they were tried.
    pub(super) failed: Vec<Failure>,
    /// How long the tries took, in milliseconds.
    pub(super) millis: u128,
}

/// What one try among some backends found.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Probe {
    /// No backend of the set offered an adapter.
    NoAdapter(String),
    /// An adapter of `backend` was offered; `device` says whether it gave a device.
    Adapter {
        backend: Backends,
        name: String,
        device: Result<(), String>,
    },
}

/// The backends to try: those `WGPU_BACKEND` names, else all.
pub(crate) fn wanted_backends() -> Backends {
    Backends::from_env().unwrap_or(Backends::all())
}

/// Tries `backends` with the real driver (see the module's notes).
pub(crate) fn choose(backends: Backends) -> Result<GraphicsChoice, Vec<Failure>> {
    let start = std::time::Instant::now();
    choose_with(backends, probe).map(|choice| GraphicsChoice {
        millis: start.elapsed().as_millis(),
        ..choice
    })
}

/// Asks `probe` for an adapter among the backends left, best first as wgpu orders them,
/// and drops the backend of each adapter that gives no device, until one does (`Ok`) or
/// no backend is left or offers an adapter (`Err`, every failure in order).
pub(super) fn choose_with(
    mut backends: Backends,
    mut probe: impl FnMut(Backends) -> Probe,
) -> Result<GraphicsChoice, Vec<Failure>> {
    let mut failed = Vec::new();
    while !backends.is_empty() {
        match probe(backends) {
            Probe::NoAdapter(error) => {
                failed.push(Failure {
                    backend: names(backends),
                    error,
                });
                break;
            }
            Probe::Adapter {
                backend,
                name,
                device: Ok(()),
            } => {
                return Ok(GraphicsChoice {
                    backends: backend,
                    adapter: name,
                    failed,
                    millis: 0,
                });
            }
            Probe::Adapter {
                backend,
                device: Err(error),
                ..
            } => {
                failed.push(Failure {
                    backend: names(backend),
                    error,
                });
                // A backend that offers an adapter outside the set asked for cannot happen;
                // guard against a loop all the same.
                if !backends.intersects(backend) {
                    break;
                }
                backends.remove(backend);
            }
        }
    }
    Err(failed)
}

/// The backends of a set as wgpu names them, e.g. `Vulkan`, `Dx12+Gl`.
fn names(backends: Backends) -> String {
    let named = [
        (Backends::VULKAN, "Vulkan"),
        (Backends::METAL, "Metal"),
        (Backends::DX12, "Dx12"),
        (Backends::GL, "Gl"),
        (Backends::BROWSER_WEBGPU, "WebGpu"),
    ];
    let found: Vec<&str> = named
        .iter()
        .filter(|(b, _)| backends.contains(*b))
        .map(|(_, n)| *n)
        .collect();
    if found.is_empty() {
        format!("{backends:?}")
    } else {
        found.join("+")
    }
}

/// One try with the real driver: the adapter wgpu picks among `backends` (with no window:
/// the renderer checks the window's surface itself) and a device from it with the default
/// limits, dropped at once.
fn probe(backends: Backends) -> Probe {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
    descriptor.backends = backends;
    let instance = wgpu::Instance::new(descriptor);
    let options = wgpu::RequestAdapterOptions {
        power_preference: PowerPreference::from_env().unwrap_or(PowerPreference::HighPerformance),
        force_fallback_adapter: false,
        compatible_surface: None,
    };
    let adapter = match block_on(instance.request_adapter(&options)) {
        Ok(adapter) => adapter,
        Err(e) => return Probe::NoAdapter(e.to_string()),
    };
    let info = adapter.get_info();
    let device = block_on(adapter.request_device(&wgpu::DeviceDescriptor::default()))
        .map(drop)
        .map_err(|e| format!("{e:?}"));
    Probe::Adapter {
        backend: Backends::from(info.backend),
        name: format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type),
        device,
    }
}

/// Logs the backend chosen and those passed over (once the log is up).
pub(crate) fn log_choice(choice: Res<GraphicsChoice>) {
    for failure in &choice.failed {
        warn!(
            "graphics: {} gave no device ({}); trying the next backend",
            failure.backend, failure.error
        );
    }
    info!(
        "graphics: drawing with {} (found in {} ms)",
        choice.adapter, choice.millis
    );
}

/// The failures as the player's message lists them: `Dx12: why; Vulkan: why`.
pub(crate) fn failures_text(failed: &[Failure]) -> String {
    failed
        .iter()
        .map(|f| format!("{}: {}", f.backend, f.error))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A machine whose backends answer as `answers` says, in wgpu's order of preference;
    /// records each set asked for.
    fn machine<'a>(
        answers: &'a [(Backends, Result<(), &'a str>)],
        asked: &'a mut Vec<Backends>,
    ) -> impl FnMut(Backends) -> Probe + 'a {
        move |backends| {
            asked.push(backends);
            match answers.iter().find(|(b, _)| backends.contains(*b)) {
                Some((backend, device)) => Probe::Adapter {
                    backend: *backend,
                    name: format!("{backend:?} adapter"),
                    device: device.map_err(str::to_string),
                },
                None => Probe::NoAdapter("no adapter".into()),
            }
        }
    }

    #[test]
    fn a_backend_whose_device_is_lost_is_passed_over_for_the_next() {
        // Wine: DX12 offers an adapter and loses the device; Vulkan works.
        let answers = [
            (Backends::DX12, Err("Device(Lost)")),
            (Backends::VULKAN, Ok(())),
        ];
        let mut asked = Vec::new();
        let choice = choose_with(Backends::all(), machine(&answers, &mut asked)).unwrap();
        assert_eq!(choice.backends, Backends::VULKAN);
        assert_eq!(choice.adapter, "Backends(VULKAN) adapter");
        assert_eq!(
            choice.failed,
            vec![Failure {
                backend: "Dx12".into(),
                error: "Device(Lost)".into()
            }]
        );
        assert_eq!(
            asked,
            vec![Backends::all(), Backends::all() - Backends::DX12]
        );
    }

    #[test]
    fn the_first_backend_that_works_is_kept_without_trying_others() {
        let answers = [(Backends::VULKAN, Ok(())), (Backends::GL, Ok(()))];
        let mut asked = Vec::new();
        let choice = choose_with(Backends::all(), machine(&answers, &mut asked)).unwrap();
        assert_eq!(choice.backends, Backends::VULKAN);
        assert!(choice.failed.is_empty());
        assert_eq!(asked, vec![Backends::all()]);
    }

    #[test]
    fn when_no_backend_works_every_failure_is_reported_in_order() {
        let answers = [
            (Backends::DX12, Err("Device(Lost)")),
            (Backends::GL, Err("LimitsExceeded")),
        ];
        let mut asked = Vec::new();
        let failed = choose_with(
            Backends::DX12 | Backends::VULKAN | Backends::GL,
            machine(&answers, &mut asked),
        )
        .unwrap_err();
        assert_eq!(
            failures_text(&failed),
            "Dx12: Device(Lost); Gl: LimitsExceeded; Vulkan: no adapter"
        );
        assert_eq!(asked.len(), 3);
    }

    #[test]
    fn a_set_that_is_empty_is_tried_no_further() {
        let mut asked = Vec::new();
        let failed = choose_with(Backends::empty(), machine(&[], &mut asked)).unwrap_err();
        assert!(failed.is_empty());
        assert!(asked.is_empty());
    }
}
