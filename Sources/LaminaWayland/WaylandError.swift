import Lamina

/// Why the Wayland presenter cannot go on; every case is an environment failure (exit code 2).
public enum WaylandError: LaminaFailure, Hashable {
    /// `WAYLAND_DISPLAY` is not set (and no socket was named).
    case noDisplay
    /// The compositor's socket could not be reached.
    case cannotConnect(display: String, reason: String)
    /// The compositor lacks a global Lamina needs (e.g. `xdg_wm_base`).
    case missingGlobal(String)
    /// The connection failed after it was made: the compositor went away or sent a protocol error.
    case disconnected(reason: String)
    /// The compositor accepted the connection but sent nothing within the time given.
    case noAnswer(seconds: Double)
    /// Shared memory for a buffer could not be made.
    case sharedMemory(reason: String)

    public var kind: FailureKind { .environment }

    public var description: String {
        switch self {
        case .noDisplay:
            return "no Wayland display: WAYLAND_DISPLAY is not set (lamina show needs a running Wayland compositor)"
        case .cannotConnect(let display, let reason):
            return "cannot connect to the Wayland display '\(display)': \(reason)"
        case .missingGlobal(let name):
            return "the Wayland compositor does not offer \(name)"
        case .disconnected(let reason):
            return "lost the Wayland compositor: \(reason)"
        case .noAnswer(let seconds):
            return "the Wayland compositor accepted the connection but did not answer within \(seconds == seconds.rounded() ? String(Int(saturating: seconds)) : String(seconds)) s"
        case .sharedMemory(let reason):
            return "cannot create a shared-memory buffer: \(reason)"
        }
    }
}
