/// Builds PNG files byte by byte for tests: any color type, bit depth and Adam7 interlacing, with
/// uncompressed (stored) deflate blocks, so no external images or zlib are needed.
struct TestPNGFile {
    var width: Int
    var height: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    var colorType: UInt8
    var bitDepth: UInt8
    var interlaced = false
    /// Samples per pixel (channel values at `bitDepth`, or a palette index), row-major.
    var samples: [[UInt16]]
    var palette: [(UInt8, UInt8, UInt8)] = []
    var transparency: [UInt8] = []
    var extraChunks: [(String, [UInt8])] = []

    var bytes: [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = TestPNGFile.be32(width) + TestPNGFile.be32(height)
        ihdr += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        out += TestPNGFile.chunk("IHDR", ihdr)
        for (type, data) in extraChunks { out += TestPNGFile.chunk(type, data) }
        if !palette.isEmpty { out += TestPNGFile.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if !transparency.isEmpty { out += TestPNGFile.chunk("tRNS", transparency) }
        out += TestPNGFile.chunk("IDAT", TestPNGFile.zlibStored(rawImage()))
        out += TestPNGFile.chunk("IEND", [])
        return out
    }

    /// Filtered scanlines (filter 0), pass by pass when interlaced.
    private func rawImage() -> [UInt8] {
        guard interlaced else { return scanlines(xs: Array(0..<width), ys: Array(0..<height)) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            out += scanlines(xs: xs, ys: ys)
        }
        return out
    }

    private func scanlines(xs: [Int], ys: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        for y in ys {
            out.append(0)
            var bits: [UInt8] = []
            var acc = 0, filled = 0
            for x in xs {
                for s in samples[y * width + x] {
                    if bitDepth == 16 {
                        bits += [UInt8(s >> 8), UInt8(s & 0xFF)]
                    } else if bitDepth == 8 {
                        bits.append(UInt8(s))
                    } else {
                        acc = acc << Int(bitDepth) | Int(s)
                        filled += Int(bitDepth)
                        if filled == 8 { bits.append(UInt8(acc)); acc = 0; filled = 0 }
                    }
                }
            }
            if filled > 0 { bits.append(UInt8(acc << (8 - filled))) }
            out += bits
        }
        return out
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let final: UInt8 = i + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<i + n]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }
}
