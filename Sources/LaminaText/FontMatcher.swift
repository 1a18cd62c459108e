import CFontconfig
import Foundation

/// The system's font configuration (fontconfig): names like `"DejaVu Sans:Bold"` to faces, and per-character
/// fallback. Loaded faces are cached by file and index; fontconfig calls are serialized.
public final class FontMatcher: FontFallback, @unchecked Sendable {
    private let lock = NSLock()
    private let config: OpaquePointer
    private var faces: [String: FontFace] = [:]
    private var fallbacks: [FallbackKey: FontFace?] = [:]

    private struct FallbackKey: Hashable {
        var family: String
        var scalar: UInt32
        var color: Bool
    }

    /// Loads the system's font configuration; nil when fontconfig cannot load it.
    public init?() {
        guard FcInit() != 0, let config = FcConfigGetCurrent() else { return nil }
        FcConfigReference(config)
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// fontconfig's best face for `name` (a family, optionally `:style`, in fontconfig's pattern syntax).
    /// An unknown family gets the default family with `warning` set.
    public func match(_ name: String) -> FontMatch? {
        lock.lock()
        defer { lock.unlock() }
        var bytes = Array(name.utf8) + [0]
        guard let pattern = FcNameParse(&bytes) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let requested = strings(pattern, FC_FAMILY)
        guard let font = bestMatch(pattern) else { return nil }
        defer { FcPatternDestroy(font) }
        return describe(font, requestedFamilies: requested, name: name)
    }

    /// The face for `name`, loaded (or taken from the cache), with fontconfig's warning if any.
    public func face(named name: String) throws(FontError) -> (face: FontFace, warning: String?) {
        guard let found = match(name) else { throw .unusable(path: name, reason: "fontconfig matched no font") }
        return (try face(file: found.file, index: found.index), found.warning)
    }

    /// The face fontconfig falls back to for `cluster` after `primary`'s family: one that has the cluster's
    /// first character, or nil when no installed font has it. An emoji-presentation character (or one
    /// followed by U+FE0F) asks for a color font first.
    public func fallbackFace(for cluster: [Unicode.Scalar], primary: FontFace) -> FontFace? {
        guard let base = cluster.first(where: { !$0.properties.isDefaultIgnorableCodePoint }) else { return nil }
        let color = base.properties.isEmojiPresentation || cluster.contains("\u{FE0F}")
        let key = FallbackKey(family: primary.familyName, scalar: base.value, color: color)
        lock.lock()
        if let cached = fallbacks[key] { lock.unlock(); return cached }
        lock.unlock()
        let found = (color ? findFallback(for: base, family: primary.familyName, color: true) : nil)
            ?? findFallback(for: base, family: primary.familyName, color: false)
        lock.lock()
        fallbacks[key] = found
        lock.unlock()
        return found
    }

    private func findFallback(for scalar: Unicode.Scalar, family: String, color: Bool) -> FontFace? {
        lock.lock()
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { lock.unlock(); return nil }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcCharSetDestroy(charset)
        if color { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        if !family.isEmpty {
            var bytes = Array(family.utf8) + [0]
            FcPatternAddString(pattern, FC_FAMILY, &bytes)
        }
        let font = bestMatch(pattern)
        FcPatternDestroy(pattern)
        var file: String?, index: Int32 = 0
        if let font {
            var fontCharset: OpaquePointer?
            if FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
               FcCharSetHasChar(fontCharset, scalar.value) != 0 {
                file = strings(font, FC_FILE).first
                FcPatternGetInteger(font, FC_INDEX, 0, &index)
            }
            FcPatternDestroy(font)
        }
        lock.unlock()
        guard let file else { return nil }
        return try? face(file: file, index: Int(index))
    }

    private func face(file: String, index: Int) throws(FontError) -> FontFace {
        let key = "\(file)#\(index)"
        lock.lock()
        if let cached = faces[key] { lock.unlock(); return cached }
        lock.unlock()
        let loaded = try FontFace(file: file, index: index)
        lock.lock()
        defer { lock.unlock() }
        if let raced = faces[key] { return raced }
        faces[key] = loaded
        return loaded
    }

    private func bestMatch(_ pattern: OpaquePointer) -> OpaquePointer? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(config, pattern, &result)
    }

    private func describe(_ font: OpaquePointer, requestedFamilies: [String], name: String) -> FontMatch? {
        guard let file = strings(font, FC_FILE).first else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(font, FC_INDEX, 0, &index)
        let families = strings(font, FC_FAMILY)
        let style = strings(font, FC_STYLE).first ?? ""
        var warning: String?
        if let wanted = requestedFamilies.first,
           !families.contains(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) {
            warning = "font family \"\(wanted)\" not found; using \"\(families.first ?? file)\""
        }
        return FontMatch(file: file, index: Int(index), family: families.first ?? "", style: style, warning: warning)
    }

    private func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return out }
            out.append(String(cString: value))
            n += 1
        }
    }
}
