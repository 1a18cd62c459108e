import Foundation
import Lamina

/// The requests a client sent to one surface, read from a `WAYLAND_DEBUG` log: the compositor's
/// (`server`: requests arrive unmarked, events leave with ` -> `) or the client's (`client`: the reverse).
struct ProtocolLog {
    /// The `damage_buffer` rects of each `commit`, in order.
    var commits: [[PixelRect]] = []
    /// The `damage` rects (surface coordinates, as EGL's plain swap sends them) of each `commit`, in order.
    var surfaceDamage: [[PixelRect]] = []
    /// How many `wp_presentation_feedback.presented` events the compositor sent.
    var presentedEvents = 0

    enum Side { case server, client }

    /// Parses the log; the surface is the one the client turned into an xdg_surface.
    init(_ text: String, side: Side = .server) {
        let lines = text.split(separator: "\n")
        guard let xdg = lines.first(where: { $0.contains(".get_xdg_surface(") }),
              let surface = xdg.firstMatch(of: /wl_surface@(\d+)/)?.1 else { return }
        let prefix = "wl_surface@\(surface)."
        var pending: [PixelRect] = [], pendingSurface: [PixelRect] = []
        for line in lines {
            if line.contains("wp_presentation_feedback@") && line.contains(".presented(") { presentedEvents += 1 }
            guard line.contains(" -> ") == (side == .client), let range = line.range(of: prefix) else { continue }
            let call = line[range.upperBound...]
            if call.hasPrefix("damage_buffer("),
               let m = call.firstMatch(of: /damage_buffer\((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)/) {
                pending.append(PixelRect(x: Int(m.1)!, y: Int(m.2)!, width: Int(m.3)!, height: Int(m.4)!))
            } else if call.hasPrefix("damage("), let m = call.firstMatch(of: /damage\((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)/) {
                pendingSurface.append(PixelRect(x: Int(m.1)!, y: Int(m.2)!, width: Int(m.3)!, height: Int(m.4)!))
            } else if call.hasPrefix("commit(") {
                commits.append(pending)
                surfaceDamage.append(pendingSurface)
                pending = []
                pendingSurface = []
            }
        }
    }
}
