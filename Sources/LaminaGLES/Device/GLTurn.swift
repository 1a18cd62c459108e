import Dispatch

/// The process's turn to use OpenGL: one context at a time draws, whatever thread it is on.
///
/// Contexts of one display share the driver's screen. Mesa 22's llvmpipe (Debian 12) is not safe with two
/// of them drawing at once: mapping a texture in one context walks the other contexts' binning scenes for
/// references to it while their own threads reset those scenes, and the walk reads freed memory (a crash
/// seen in `lp_scene_is_resource_referenced` with backends used from several threads: the render
/// service's workers, the parallel test run). llvmpipe spreads one context's rasterization over every core
/// already, and a GPU executes one context's commands at a time, so taking turns costs little.
/// A semaphore, not a mutex: the connection that took the turn may be destroyed on another thread.
enum GLTurn {
    private static let semaphore = DispatchSemaphore(value: 1)

    /// Waits until no other context is using GL, then holds the turn.
    static func take() { semaphore.wait() }

    /// Gives the turn back.
    static func give() { semaphore.signal() }
}
