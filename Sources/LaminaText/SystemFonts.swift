import Lamina
import Synchronization

/// The system's fonts for a `TextStack`: fontconfig loaded on first use, names like `"DejaVu Sans:Bold"`
/// resolved once each, and the per-character fallback.
final class SystemFonts: Sendable {
    private struct State {
        var loaded = false
        var matcher: FontMatcher?
        var faces: [String: FontFace] = [:]
        var warn: (@Sendable (String) -> Void)?
    }

    /// Names remembered at most; past it the table starts over (the faces stay cached in the matcher).
    private static let maxNames = 1024
    private let state = Mutex(State())

    func setWarningHandler(_ handler: @escaping @Sendable (String) -> Void) { state.withLock { $0.warn = handler } }

    init(matcher: FontMatcher? = nil) {
        if let matcher { state.withLock { $0.loaded = true; $0.matcher = matcher } }
    }

    /// fontconfig, loaded on first use; nil when it cannot load the system's configuration.
    var matcher: FontMatcher? {
        state.withLock { s in
            if !s.loaded {
                s.loaded = true
                s.matcher = FontMatcher()
            }
            return s.matcher
        }
    }

    /// The face fontconfig matches for `name`. An unknown family gets fontconfig's default family, as
    /// fontconfig decides; a name fontconfig cannot parse is bad input, no fonts at all an environment error.
    func face(named name: String) throws(TextEngineError) -> FontFace {
        if let cached = state.withLock({ $0.faces[name] }) { return cached }
        guard let matcher else {
            throw TextEngineError(.environment, "font \"\(name)\": fontconfig could not load the system's font configuration")
        }
        guard matcher.match(name) != nil else {
            if matcher.match("") == nil {
                throw TextEngineError(.environment, "font \"\(name)\": fontconfig finds no fonts on this system")
            }
            throw TextEngineError(.badInput, "font \"\(name)\": fontconfig cannot read this name "
                                  + "(expected a family, optionally with a style, as \"DejaVu Sans:Bold\")")
        }
        let face: FontFace
        do {
            face = try matcher.face(named: name).face
        } catch {
            throw TextEngineError(.environment, "font \"\(name)\": \(error)")
        }
        let warn = state.withLock { s in
            if s.faces.count >= Self.maxNames { s.faces = [:] }
            s.faces[name] = face
            return s.warn
        }
        let family = name.split(separator: ":", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? name
        if let warn, !family.isEmpty, family.lowercased() != face.familyName.lowercased() {
            warn("font \"\(family)\" is not installed; fontconfig draws it with \"\(face.familyName)\"")
        }
        return face
    }
}
