import CFreeType
import CHarfBuzz
import Foundation

/// One face of a TrueType/OpenType font file or collection, loaded once and shared: FreeType for metrics and
/// glyph images, HarfBuzz for shaping. Immutable after loading; FreeType calls are serialized per face.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The file the face came from (or the name given to bytes), without `#N`.
    public let path: String
    /// The face's index in its file (`#N`; 0 for a single font).
    public let index: Int
    /// The family name the font declares (e.g. "DejaVu Sans").
    public let familyName: String
    /// The style name the font declares (e.g. "Bold").
    public let styleName: String
    /// Font units per em.
    public let unitsPerEm: Int
    /// hhea ascent, descent and gap in font units, per the contract.
    public let metrics: FontMetrics
    /// Whether the face has color glyphs (color bitmaps such as CBDT emoji, or color layers).
    public let hasColorGlyphs: Bool
    /// Whether the face has outlines (false for a bitmap-only face such as Noto Color Emoji).
    public let isScalable: Bool

    private let storage: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let ftFace: FT_Face
    private let hbBlob: OpaquePointer
    private let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    private let lock = NSLock()

    /// Loads the face named by `path`: a file, optionally followed by `#N` to pick face N of a collection
    /// (`NotoSansCJK.ttc#2`). A path that exists as written is taken as written.
    public convenience init(path: String) throws(FontError) {
        var file = path, index = 0
        if !FileManager.default.fileExists(atPath: path), let hash = path.lastIndex(of: "#"),
           let n = Int(path[path.index(after: hash)...]), n >= 0 {
            file = String(path[..<hash])
            index = n
        }
        try self.init(file: file, index: index)
    }

    /// Loads face `index` of the font file at `file`.
    public convenience init(file: String, index: Int) throws(FontError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else { throw .fileNotFound(path: file) }
        guard !isDirectory.boolValue else { throw .unreadable(path: file, reason: "is a directory") }
        guard let data = FileManager.default.contents(atPath: file) else { throw .unreadable(path: file, reason: "permission or I/O error") }
        try self.init(bytes: data, index: index, name: file)
    }

    /// Loads face `index` of a font held in memory; `name` stands for the file in errors.
    public init(bytes: some Collection<UInt8>, index: Int = 0, name: String = "<memory>") throws(FontError) {
        guard bytes.count <= 1 << 30 else { throw .unusable(path: name, reason: "larger than 1 GiB") }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            if let base = source.baseAddress { storage.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        if copied == nil { _ = storage.initializeMemory(as: UInt8.self, from: bytes) }
        let view = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(storage)[0..<bytes.count])
        var library: FT_Library?
        var face: FT_Face?
        do throws(FontError) {
            let count = try SFNTValidator.faceCount(of: view, path: name)
            guard index >= 0, index < count else { throw FontError.faceIndexOutOfRange(path: name, index: index, faceCount: count) }
            try SFNTValidator.checkFace(index, of: view, path: name)
            guard FT_Init_FreeType(&library) == 0, let library else { throw FontError.unusable(path: name, reason: "FreeType could not start") }
            let error = FT_New_Memory_Face(library, view.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                           FT_Long(view.count), FT_Long(index), &face)
            guard error == 0, let face else {
                throw FontError.notAFont(path: name, reason: "FreeType: \(String(cString: lamina_ft_error_string(error)))")
            }
            let upem = Self.unitsPerEm(face)
            guard upem >= 16, upem <= 16384 else {
                throw FontError.unusable(path: name, reason: "units per em \(upem) is not 16...16384")
            }
        } catch {
            if let face { FT_Done_Face(face) }
            if let library { FT_Done_FreeType(library) }
            storage.deallocate()
            throw error
        }
        let ft = face!
        self.storage = storage
        self.library = library!
        self.ftFace = ft
        self.path = name
        self.index = index
        self.familyName = ft.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = ft.pointee.style_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = Self.unitsPerEm(ft)
        var ascender = Double(ft.pointee.ascender), descender = Double(ft.pointee.descender), height = Double(ft.pointee.height)
        if ft.pointee.units_per_EM == 0, let raw = FT_Get_Sfnt_Table(ft, FT_SFNT_HHEA) {
            let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
            ascender = Double(hhea.Ascender)
            descender = Double(hhea.Descender)
            height = Double(Int(hhea.Ascender) - Int(hhea.Descender) + Int(hhea.Line_Gap))
        }
        self.metrics = FontMetrics(ascent: ascender, descent: -descender, lineGap: height - ascender + descender)
        self.hasColorGlyphs = lamina_ft_face_has_color(ft) != 0
        self.isScalable = lamina_ft_face_is_scalable(ft) != 0
        self.hbBlob = hb_blob_create(view.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(view.count),
                                     HB_MEMORY_MODE_READONLY, nil, nil)
        self.hbFace = hb_face_create(hbBlob, UInt32(index))
        self.hbFont = hb_font_create(hbFace)
        hb_ot_font_set_funcs(hbFont)
        hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(hbFont)
    }

    /// FreeType's units per em, or the head table's for a bitmap-only face (FreeType reports 0 there).
    private static func unitsPerEm(_ ft: FT_Face) -> Int {
        if ft.pointee.units_per_EM > 0 { return Int(ft.pointee.units_per_EM) }
        guard let raw = FT_Get_Sfnt_Table(ft, FT_SFNT_HEAD) else { return 0 }
        return Int(raw.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(library)
        storage.deallocate()
    }

    /// The metrics at `pixelSize` pixels per em.
    public func metrics(pixelSize: Double) -> FontMetrics {
        metrics.scaled(unitsPerEm: unitsPerEm, pixelSize: pixelSize)
    }

    /// The face's glyph for `scalar` from its character map, or nil when the face lacks it.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the face maps every scalar of `cluster` that needs a glyph of its own (variation selectors,
    /// joiners and other default-ignorable characters do not).
    public func covers(_ cluster: some Sequence<Unicode.Scalar>) -> Bool {
        cluster.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || glyph(for: $0) != nil }
    }

    /// Runs `body` with the FreeType face, one caller at a time.
    func withFreeType<T>(_ body: (FT_Face) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(ftFace)
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }

    public static func == (a: FontFace, b: FontFace) -> Bool { a === b }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
