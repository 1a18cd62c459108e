/// A deterministic reader of fuzzer bytes as choices and numbers: the same bytes always give the same
/// values. Past the end every byte reads as 0, and choice 0 is "stop" or "the default" wherever a
/// caller loops or picks, so a short input is a small scene.
///
/// Numbers come in a few shapes, picked by one tag byte: small byte-derived values (most of them, so
/// that scenes stay visible on a small canvas), values from a table of interesting magnitudes
/// (−0, subnormals, 1e9, 3e9, 1e20, 1e308 and the largest finite double), and raw IEEE bit patterns.
/// Nothing here is ever NaN or infinite: the scene decoder refuses those, so a `Scene` never holds them.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A value in `0..<count` (0 past the end).
    mutating func choice(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(byte()) % count
    }

    /// A value in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + choice(range.count)
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `items` (the first past the end).
    mutating func pick<T>(_ items: [T]) -> T { items[choice(items.count)] }

    mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    mutating func uint64() -> UInt64 {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        return v
    }

    /// Magnitudes that have broken geometry code before: zero of both signs, the smallest subnormal and
    /// normal, values around Int32 and UInt32 limits, past `Limits.maxCoordinate`, and the largest finite.
    static let interesting: [Double] = [
        0, -0.0, 1, 0.5, -1, 2, 1.0 / 3, 0.001, 1e-9, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300,
        255, 256, 16383.5, 16384, 16385, 65536, 1e6, 999_999_999, 1e9, 1_000_000_001, 2_147_483_647,
        2_147_483_648, 3e9, 4_294_967_296, 1e15, 9_007_199_254_740_994, 9.223372036854776e18, 1e20, -1e20,
        1e100, 1e300, 1e308, -1e308, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        Double.pi, 0.999_999_999_999_999_9, 1.000_000_000_000_000_2, -1e9, -3e9, 1e-6,
    ]

    /// Any finite number: mostly `-64…191` in eighths (scaled by `scale`), sometimes interesting or raw.
    mutating func number(scale: Double = 1) -> Double {
        switch byte() >> 5 {
        case 0, 1, 2: return (Double(byte()) - 64) * scale
        case 3: return (Double(Int16(bitPattern: uint16())) / 8) * scale
        case 4, 5: return pick(FuzzBytes.interesting)
        case 6: return -pick(FuzzBytes.interesting)
        default:
            let v = Double(bitPattern: uint64())
            return v.isFinite ? v : 0
        }
    }

    /// A number ≥ 0 (−0 included: the decoder accepts it).
    mutating func nonNegative(scale: Double = 1) -> Double {
        let v = number(scale: scale)
        return v.sign == .minus && v != 0 ? -v : v
    }

    /// A number > 0.
    mutating func positive(scale: Double = 1) -> Double {
        let v = abs(number(scale: scale))
        return v > 0 ? v : 1
    }

    /// A number in 0…1: mostly byte/255, sometimes an edge (0, −0, the smallest subnormal, just below 1).
    mutating func unit() -> Double {
        switch byte() >> 6 {
        case 0, 1, 2: return Double(byte()) / 255
        default: return pick([0, -0.0, 1, .leastNonzeroMagnitude, 1e-9, 0.5, 0.999_999_999_999_999_9, 1 - 1e-9])
        }
    }
}
