import Foundation
import Lamina
import LaminaPNG
import Testing

/// Small scenes built to crash or exhaust a render service — extreme numbers, nested content-shaped
/// shadows, images that decode to gigabytes, path masks past the budget — are answered 400 or 422 on
/// both backends, and the same process renders an ordinary scene right after each.
@Suite(.serialized)
struct HostileSceneTests {
    /// A 16384² RGBA PNG header with no pixel data: 33 bytes that claim 1 GiB decoded.
    static let gigabytePNG: String = {
        var ihdr: [UInt8] = [0x49, 0x48, 0x44, 0x52, 0, 0, 0x40, 0, 0, 0, 0x40, 0, 8, 6, 0, 0, 0]
        let crc = HostileSceneTests.crc32(ihdr)
        ihdr = [0, 0, 0, 13] + ihdr + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return "data:image/png;base64," + Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr).base64EncodedString()
    }()

    /// The CRC-32 of PNG chunks (ISO 3309 polynomial, reflected).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }

    static var hostile: [(String, String)] {
        var nested = #"{"frame":[0,0,100,100],"backgroundColor":"red"}"#
        for _ in 0..<22 {
            nested = #"{"shadowOpacity":1,"shadowRadius":5,"cornerRadius":3,"backgroundColor":[1,0,0,0.5],"frame":[1,1,100,100],"sublayers":["#
                + nested + #",{"frame":[2,2,50,50],"backgroundColor":"blue"}]}"#
        }
        let images = (0..<6).map { "\"i\($0)\": \"\(gigabytePNG)\"" }.joined(separator: ",")
        let masks = (0..<300).map { _ in #"{"frame":[0,0,1000,1000],"shadowOpacity":1,"shadowRadius":0,"shadowPath":{"ellipse":[0,0,1000,1000]}}"# }
        return [
            ("frame width 1e308", #"{"width":100,"height":100,"root":{"frame":[0,0,1e308,100],"backgroundColor":"red"}}"#),
            ("transform scale 1e300", #"{"width":100,"height":100,"root":{"affineTransform":[1e300,0,0,1e300,0,0],"bounds":[0,0,5,5],"backgroundColor":"red"}}"#),
            ("shadow radius 1e300", #"{"width":100,"height":100,"root":{"frame":[0,0,9,9],"shadowOpacity":1,"shadowRadius":1e300,"shadowPath":{"svg":"M0 0 L 9 0 L 0 9 Z"}}}"#),
            ("contentsRect 1e300", #"{"width":100,"height":100,"images":{"i":"\#(gigabytePNG)"},"root":{"frame":[0,0,9,9],"contents":"i","contentsRect":[1e300,0,1e300,1]}}"#),
            ("svg arc 1e308", #"{"width":100,"height":100,"root":{"frame":[0,0,9,9],"shadowOpacity":1,"shadowPath":{"svg":"M0 0 A 1e308 1e308 0 0 1 1e308 1e308 Z"}}}"#),
            ("nested content shadows", #"{"width":200,"height":200,"root":"# + nested + "}"),
            ("six gigabyte images", #"{"width":10,"height":10,"images":{"# + images + #"},"root":{"frame":[0,0,10,10],"contents":"i0"}}"#),
            ("300 path masks of 1 MB", #"{"width":1000,"height":1000,"root":{"frame":[0,0,1000,1000],"sublayers":["# + masks.joined(separator: ",") + "]}}"),
        ]
    }

    @Test("hostile scenes are answered 400 or 422 on both backends and the server keeps rendering")
    func hostileScenesAreRefused() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.memoryBudget = MemoryBudget(bytes: 64 << 20) })
        let ordinary = try TestScenes.example("listing-4.3-shadow-view.json")
        for backend in ["gpu", "cpu"] {
            for (name, scene) in HostileSceneTests.hostile {
                let reply = try await h.post(Array(scene.utf8), query: "?backend=\(backend)")
                #expect(reply.status == 400 || reply.status == 422, "\(backend) \(name): \(reply.status) \(reply.text.prefix(300))")
                #expect(reply.error != nil, "\(backend) \(name): \(reply.text.prefix(300))")
                let after = try await h.post(ordinary, query: "?backend=\(backend)")
                #expect(after.status == 200, "\(backend) after \(name): \(after.text.prefix(200))")
            }
        }
        try await h.stop()
    }
}
