import Foundation
import LaminaPNG
import Testing

/// `POST /render` in every format (`?format=`, `Accept`), the refusals naming their parameter, `ETag` with
/// `If-None-Match` → 304 without rendering, and the answer cache's metrics.
@Suite(.serialized)
struct ServerEncodingTests {
    static let scene = "listing-4.1-corner-radius.json"

    @Test("?format= and Accept choose PNG, WebP, JPEG or raw RGBA")
    func formats() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.defaultBackend = "cpu" })
        let body = try TestScenes.example(Self.scene)
        let png = try await h.post(body)
        #expect(png.status == 200 && png.headers.first(name: "content-type") == "image/png")
        let bitmap = try PNGDecoder.decode(png.body)
        let cases: [(String, [(String, String)], String, [UInt8])] = [
            ("?format=webp&quality=70", [], "image/webp", Array("RIFF".utf8)),
            ("?format=webp&lossless=true", [], "image/webp", Array("RIFF".utf8)),
            ("?format=jpg&quality=90", [], "image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("", [("Accept", "image/avif;q=1, image/webp;q=0.9, image/png;q=0.5")], "image/webp", Array("RIFF".utf8)),
            ("", [("Accept", "image/jpeg, image/*;q=0.1")], "image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("", [("Accept", "text/html, */*;q=0.8")], "image/png", [0x89, 0x50, 0x4E, 0x47]),
        ]
        for (query, headers, type, magic) in cases {
            let r = try await h.post(body, query: query, headers: headers)
            #expect(r.status == 200, "\(query) \(headers): \(r.text.prefix(200))")
            #expect(r.headers.first(name: "content-type") == type, "\(query) \(headers)")
            #expect(Array(r.body.prefix(magic.count)) == magic, "\(query) \(headers)")
        }
        let raw = try await h.post(body, query: "?format=rgba")
        #expect(raw.status == 200 && raw.headers.first(name: "content-type") == "application/octet-stream")
        #expect(raw.body.count == bitmap.pixels.count, "width × height × 4 bytes")
        #expect(zip(raw.body, bitmap.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 }, "the PNG's pixels, premultiplied")
        try await h.stop()
    }

    @Test("unknown format and quality outside 0–100 are 400, an Accept that allows nothing we write is 406, each naming the parameter")
    func refusals() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.defaultBackend = "cpu" })
        let body = try TestScenes.example(Self.scene)
        let cases: [(String, [(String, String)], Int, String)] = [
            ("?format=gif", [], 400, "?format"),
            ("?format=jpeg&quality=101", [], 400, "?quality"),
            ("?format=webp&quality=-1", [], 400, "?quality"),
            ("?format=webp&quality=high", [], 400, "?quality"),
            ("?format=webp&lossless=maybe", [], 400, "?lossless"),
            ("", [("Accept", "image/gif, text/html")], 406, "Accept"),
            ("", [("Accept", "image/png;q=0, image/webp;q=0, image/jpeg;q=0")], 406, "Accept"),
        ]
        for (query, headers, status, path) in cases {
            let r = try await h.post(body, query: query, headers: headers)
            #expect(r.status == status, "\(query) \(headers): \(r.text)")
            #expect(r.error?.path == path, "\(query) \(headers): \(r.text)")
        }
        try await h.stop()
    }

    @Test("the ETag names scene and options; If-None-Match with it is 304 after the scene decodes and plans, and renders nothing")
    func etags() async throws {
        let h = try await ServerHarness(ServerHarness.configuration { $0.defaultBackend = "cpu" })
        let body = try TestScenes.example(Self.scene)
        let first = try await h.post(body)
        let tag = try #require(first.headers.first(name: "etag"))
        #expect(tag.hasPrefix("\"") && tag.count > 4)
        #expect(try await h.post(body).headers.first(name: "etag") == tag, "the same scene and options, the same tag")
        #expect(try await h.post(body, query: "?format=webp").headers.first(name: "etag") != tag)
        #expect(try await h.post(body, query: "?scale=2").headers.first(name: "etag") != tag)
        try await h.waitForMetrics { $0["lamina_render_jobs_accepted_total"] == 4 }
        let again = try await h.post(body, headers: [("If-None-Match", "\"other\", " + tag)])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.headers.first(name: "etag") == tag)
        let changed = try await h.post(Array(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "400", with: "401").utf8),
                                       headers: [("If-None-Match", tag)])
        #expect(changed.status == 200, "another scene is rendered")
        try await h.waitForMetrics { $0["lamina_render_jobs_accepted_total"] == 6 && $0["lamina_not_modified_total"] == 1 }
        try await h.stop()
    }

    @Test("the answer cache serves repeats without rendering and evicts past its byte limit")
    func answerCache() async throws {
        let body = try TestScenes.example(Self.scene)
        let h = try await ServerHarness(ServerHarness.configuration {
            $0.defaultBackend = "cpu"
            $0.answerCacheBytes = 100_000
        })
        let a = try await h.post(body)
        let b = try await h.post(body)
        #expect(a.body == b.body && a.status == 200 && b.status == 200)
        #expect(a.headers.first(name: "x-cache") == "miss" && a.headers.first(name: "x-render-milliseconds") != nil)
        #expect(b.headers.first(name: "x-cache") == "hit" && b.headers.first(name: "age") != nil)
        #expect(b.headers.first(name: "x-render-milliseconds") == nil, "a cached answer reports no render time of its own")
        #expect(b.headers.first(name: "cache-control") == "no-cache")
        try await h.waitForMetrics {
            $0["lamina_render_jobs_accepted_total"] == 2 && $0["lamina_answer_cache_hits_total"] == 1
                && $0["lamina_answer_cache_misses_total"] == 1 && ($0["lamina_answer_cache_bytes"] ?? 0) == Double(a.body.count)
        }
        for q in ["?format=rgba&scale=0.5", "?format=rgba&scale=0.4"] {
            #expect(try await h.post(body, query: q).status == 200, "200×110 and 160×88 px: 88000 and 56320 bytes")
        }
        try await h.waitForMetrics {
            $0["lamina_answer_cache_evictions_total"] == 2 && $0["lamina_answer_cache_bytes"] == 56_320
        }
        try await h.stop()
    }
}
