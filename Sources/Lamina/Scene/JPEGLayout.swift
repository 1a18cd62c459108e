/// What a walk over a JPEG's markers finds before any decoding: the frame header (SOFn), the number of
/// scans, and the Exif data of the first APP1 segment.
///
/// The walk reads every byte once, skipping marker segments by their lengths and entropy-coded data
/// byte by byte (stuffed `FF 00` and restart markers are part of it); every read is bounded by the data.
public struct JPEGLayout: Hashable, Sendable {
    /// One component of the frame: its sampling factors (1…4 each in a valid file).
    public struct Component: Hashable, Sendable {
        public var horizontal: Int
        public var vertical: Int
    }

    /// The SOFn marker's second byte: 0xC0 baseline, 0xC1 extended, 0xC2 progressive, …
    public var frameMarker: UInt8
    /// Bits per sample (8 in the files libjpeg-turbo decodes to 8-bit pixels).
    public var precision: Int
    /// The stored width and height, before the Exif orientation is applied.
    public var width: Int
    public var height: Int
    public var components: [Component]
    /// SOS markers found after the frame header.
    public var scans: Int
    /// The TIFF data (after `Exif\0\0`) of the first APP1 Exif segment, as a range of the walked bytes.
    public var exif: Range<Int>?

    /// Whether the frame is progressive (SOF2, SOF6, SOF10, SOF14).
    public var isProgressive: Bool { frameMarker & 0x03 == 0x02 }

    /// Whether libjpeg decodes through a whole-image buffer of DCT coefficients: progressive frames and
    /// sequential frames of more than one scan.
    public var buffersCoefficients: Bool { isProgressive || scans > 1 }

    /// The bytes of the whole-image coefficient buffer (64 two-byte coefficients a block, per component,
    /// blocks rounded up to whole MCUs). Sampling factors outside 1…4, which libjpeg refuses, count as 1.
    public var coefficientBytes: Int {
        func factor(_ f: Int) -> Int { (1...4).contains(f) ? f : 1 }
        let hMax = components.map { factor($0.horizontal) }.max() ?? 1, vMax = components.map { factor($0.vertical) }.max() ?? 1
        let mcuColumns = (width + 8 * hMax - 1) / (8 * hMax), mcuRows = (height + 8 * vMax - 1) / (8 * vMax)
        return components.reduce(0) { $0 + mcuColumns * factor($1.horizontal) * mcuRows * factor($1.vertical) * 128 }
    }

    /// Walks `bytes`; nil when they do not start with `FF D8 FF` or end (or reach a scan) before a
    /// complete frame header.
    public init?(_ bytes: [UInt8]) {
        var found: JPEGLayout?
        bytes.withUnsafeBufferPointer { found = JPEGLayout.walk($0) }
        guard let found else { return nil }
        self = found
    }

    private init(frameMarker: UInt8, precision: Int, width: Int, height: Int, components: [Component]) {
        self.frameMarker = frameMarker
        self.precision = precision
        self.width = width
        self.height = height
        self.components = components
        self.scans = 0
    }

    static func isFrameMarker(_ m: UInt8) -> Bool {
        m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
    }

    private static func walk(_ b: UnsafeBufferPointer<UInt8>) -> JPEGLayout? {
        let n = b.count
        guard n >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF else { return nil }
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        var layout: JPEGLayout?
        var exif: Range<Int>?
        var i = 2
        while i + 1 < n {
            guard b[i] == 0xFF else { i += 1; continue }
            let m = b[i + 1]
            if m == 0xFF { i += 1; continue }
            if m == 0x00 || m == 0x01 || m == 0xD8 || (m >= 0xD0 && m <= 0xD7) { i += 2; continue }
            if m == 0xD9 { break }
            guard i + 4 <= n else { break }
            let length = be16(i + 2)
            let start = i + 4, end = i + 2 + length
            guard length >= 2, end <= n else { break }
            if isFrameMarker(m), layout == nil {
                guard length >= 8 else { return nil }
                let count = Int(b[start + 5])
                guard count >= 1, length >= 8 + 3 * count else { return nil }
                let components = (0..<count).map { k in
                    Component(horizontal: Int(b[start + 7 + 3 * k] >> 4), vertical: Int(b[start + 7 + 3 * k] & 0x0F))
                }
                layout = JPEGLayout(frameMarker: m, precision: Int(b[start]), width: be16(start + 3),
                                    height: be16(start + 1), components: components)
            } else if m == 0xDA {
                guard layout != nil else { return nil }
                layout?.scans += 1
            } else if m == 0xE1, exif == nil, length >= 8,
                      b[start] == 0x45, b[start + 1] == 0x78, b[start + 2] == 0x69, b[start + 3] == 0x66,
                      b[start + 4] == 0, b[start + 5] == 0 {
                exif = start + 6..<end
            }
            i = end
        }
        layout?.exif = exif
        return layout
    }
}
