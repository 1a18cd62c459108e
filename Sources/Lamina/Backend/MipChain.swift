/// Premultiplied mip levels of a bitmap, box-filtered, as both backends sample for `trilinear`.
///
/// Level `l` has size max(1, floor(w / 2ˡ)) × max(1, floor(h / 2ˡ)) (the GL rule); each pixel is the
/// area-weighted mean of the pixels of level `l − 1` it covers.
public struct MipChain: Sendable {
    public var levels: [Bitmap]

    public init(_ base: Bitmap) {
        var levels = [base]
        var cur = base
        while cur.width > 1 || cur.height > 1 {
            cur = MipChain.halve(cur)
            levels.append(cur)
        }
        self.levels = levels
    }

    static func halve(_ src: Bitmap) -> Bitmap {
        let dw = max(1, src.width / 2), dh = max(1, src.height / 2)
        let sx = Double(src.width) / Double(dw), sy = Double(src.height) / Double(dh)
        var out = [UInt8](repeating: 0, count: dw * dh * 4)
        src.pixels.withUnsafeBufferPointer { s in
            for y in 0..<dh {
                let y0 = Double(y) * sy, y1 = y0 + sy
                for x in 0..<dw {
                    let x0 = Double(x) * sx, x1 = x0 + sx
                    var acc = SIMD4<Double>(repeating: 0)
                    var yy = Int(saturating: y0)
                    while Double(yy) < y1 && yy < src.height {
                        let wy = min(Double(yy + 1), y1) - max(Double(yy), y0)
                        var xx = Int(saturating: x0)
                        while Double(xx) < x1 && xx < src.width {
                            let wx = min(Double(xx + 1), x1) - max(Double(xx), x0)
                            let i = (yy * src.width + xx) * 4
                            let w: Double = wx * wy
                            let px = SIMD4<Double>(Double(s[i]), Double(s[i + 1]), Double(s[i + 2]), Double(s[i + 3]))
                            acc += px * w
                            xx += 1
                        }
                        yy += 1
                    }
                    acc /= sx * sy
                    let o = (y * dw + x) * 4
                    for c in 0..<4 { out[o + c] = UInt8(min(255, max(0, acc[c].rounded()))) }
                }
            }
        }
        return Bitmap(width: dw, height: dh, pixels: out)
    }
}
