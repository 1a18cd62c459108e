/// A gradient's stops as the rasterizer looks them up: the color at a parameter t, interpolated linearly in
/// unpremultiplied sRGB components and alpha between neighbouring stops (as `CGGradient`), the first color
/// below the first location and the last above the last; equal neighbouring locations make a hard stop
/// (at the location itself the later color shows).
struct GradientRamp {
    /// One interval between two stops: the color at `start` and its change per unit of t.
    struct Segment {
        var start: Double
        var scale: Double
        var red: Double, green: Double, blue: Double, alpha: Double
        var dRed: Double, dGreen: Double, dBlue: Double, dAlpha: Double
    }

    /// Segments in order; the first and last are constant (the colors below the first and above the last
    /// location), their `start` −∞ and the last location.
    let segments: [Segment]

    /// Nil without colors; the stops as `GradientContent.drawnStops` makes them.
    init?(_ gradient: GradientContent) {
        let stops = gradient.drawnStops
        let colors = stops.map(\.color), locations = stops.map(\.location)
        guard let first = colors.first, let last = colors.last else { return nil }
        var segments = [GradientRamp.constant(first, from: -.infinity)]
        for i in 0..<colors.count - 1 {
            let span = locations[i + 1] - locations[i]
            guard span > 0, span.isFinite else { continue }
            let a = colors[i], b = colors[i + 1]
            segments.append(Segment(start: locations[i], scale: 1 / span, red: a.red, green: a.green, blue: a.blue, alpha: a.alpha,
                                    dRed: b.red - a.red, dGreen: b.green - a.green, dBlue: b.blue - a.blue,
                                    dAlpha: b.alpha - a.alpha))
        }
        segments.append(GradientRamp.constant(last, from: locations[locations.count - 1]))
        self.segments = segments
    }

    /// Whether every color is fully transparent (then nothing is drawn).
    var isClear: Bool {
        segments.allSatisfy { $0.alpha == 0 && $0.dAlpha == 0 }
    }

    /// Writes the premultiplied RGBA8 colors at `ts[0..<count]` to `out` (4 bytes each), each multiplied by
    /// its coverage (`coverage[k]` / 255; 1 without coverage; pixels of coverage 0 are left as they are).
    /// Bytes are round(255 × component × alpha × coverage), to nearest with ties away from zero, as
    /// `PremultipliedColor` rounds. Returns whether any alpha written is not 0.
    func writeRow(_ ts: UnsafePointer<Double>, coverage: UnsafePointer<UInt8>?, count: Int,
                  to out: UnsafeMutablePointer<UInt8>) -> Bool {
        segments.withUnsafeBufferPointer { buffer in
            let segs = buffer.baseAddress!, n = buffer.count
            var i = 0
            var ink: UInt8 = 0
            for k in 0..<count {
                var c = 1.0
                if let coverage {
                    let a = coverage[k]
                    if a == 0 { continue }
                    c = Double(a) * (1.0 / 255)
                }
                let t = ts[k]
                if t.isNaN {
                    i = n - 1
                } else {
                    while i > 0 && t < segs[i].start { i -= 1 }
                    while i + 1 < n && t >= segs[i + 1].start { i += 1 }
                }
                let s = segs[i]
                let f = s.scale == 0 ? 0 : min(1, max(0, (t - s.start) * s.scale))
                let scaled = (s.alpha + s.dAlpha * f) * c * 255
                let p = out + k &* 4
                p[0] = GradientRamp.byte((s.red + s.dRed * f) * scaled)
                p[1] = GradientRamp.byte((s.green + s.dGreen * f) * scaled)
                p[2] = GradientRamp.byte((s.blue + s.dBlue * f) * scaled)
                p[3] = GradientRamp.byte(scaled)
                ink |= p[3]
            }
            return ink != 0
        }
    }

    @inline(__always)
    private static func byte(_ v: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: Int(min(255, max(0, v)) + 0.5))
    }

    private static func constant(_ c: Color, from start: Double) -> Segment {
        Segment(start: start, scale: 0, red: c.red, green: c.green, blue: c.blue, alpha: c.alpha,
                dRed: 0, dGreen: 0, dBlue: 0, dAlpha: 0)
    }
}
