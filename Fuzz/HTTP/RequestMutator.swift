import Foundation
import Lamina

/// Raw HTTP/1.1 requests for the render service and the mutations applied to them: byte flips, inserted
/// and deleted runs, spliced request pieces, header lines added, repeated or broken, lengths that lie,
/// chunked bodies with wrong sizes, bodies mutated and re-measured so that they reach the scene decoder.
struct RequestMutator {
    var random: SplitMix64

    /// Seeds: every route and method, the query parameters, and scene bodies of every kind of content.
    static func seeds(scenes: [[UInt8]]) -> [[UInt8]] {
        var seeds: [[UInt8]] = []
        for path in ["/healthz", "/readyz", "/metrics", "/render", "/nothing"] {
            seeds.append(Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        }
        let queries = ["", "?scale=2", "?format=webp&lossless=true", "?format=jpeg&quality=40", "?format=rgba&scale=0.5",
                       "?backend=cpu", "?format=png&scale=0.25"]
        for (i, scene) in scenes.enumerated() {
            let query = queries[i % queries.count]
            seeds.append(post(scene, query: query, headers: i % 3 == 0 ? ["Accept: image/webp"] : []))
            seeds.append(chunked(scene, query: query))
        }
        return seeds
    }

    static func post(_ body: [UInt8], query: String = "", headers: [String] = []) -> [UInt8] {
        let head = (["POST /render\(query) HTTP/1.1", "Host: x", "Content-Length: \(body.count)"] + headers).joined(separator: "\r\n")
        return Array((head + "\r\n\r\n").utf8) + body
    }

    static func chunked(_ body: [UInt8], query: String = "") -> [UInt8] {
        var out = Array("POST /render\(query) HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var start = 0
        while start < body.count {
            let end = min(body.count, start + 997)
            out += Array((String(end - start, radix: 16) + "\r\n").utf8) + body[start..<end] + Array("\r\n".utf8)
            start = end
        }
        return out + Array("0\r\n\r\n".utf8)
    }

    /// Splits a request into its head and body (body empty when there is no blank line).
    static func split(_ request: [UInt8]) -> (head: [UInt8], body: [UInt8]) {
        for i in 0..<max(0, request.count - 3) where request[i] == 13 && request[i + 1] == 10 && request[i + 2] == 13 && request[i + 3] == 10 {
            return (Array(request[..<(i + 4)]), Array(request[(i + 4)...]))
        }
        return (request, [])
    }

    static let interesting: [String] = [
        "Content-Length: 0", "Content-Length: -1", "Content-Length: 18446744073709551616", "Content-Length: 99999999999",
        "Transfer-Encoding: chunked", "Transfer-Encoding: gzip, chunked", "Expect: 100-continue", "Connection: close",
        "If-None-Match: *", "If-None-Match: \"\u{202E}\"", "Accept: */*;q=0", "Accept: application/octet-stream",
        "Host:", "X: \u{0}", String(repeating: "A", count: 9000) + ": b", "Content-Type: application/json",
    ]

    static let sceneTokens: [String] = [
        "1e308", "-1e308", "1e-320", "0", "-0", "\"\\ud800\"", "\"imag\\u0065s\"", "{}", "[]", "null", "true",
        "\"../../etc/passwd\"", "\"data:image/png;base64,AAAA\"", "[[[[[[[[[[", "}}}}", "\"hidden\":true", "\"cornerRadius\":-5",
        "\"shadowRadius\":1e300", "\"sublayers\":[{},{},{}]", "\"mask\":{}", "\"svg\":\"M0 0 A 1e308 1e308 0 0 1 9 9 Z\"",
    ]

    mutating func mutate(_ request: [UInt8]) -> [UInt8] {
        var (head, body) = Self.split(request)
        for _ in 0..<(1 + random.below(4)) {
            switch random.below(10) {
            case 0: flip(&head)
            case 1, 2: flip(&body)
            case 3: insertToken(Self.sceneTokens, into: &body)
            case 4: deleteRun(&body)
            case 5: insertHeader(into: &head)
            case 6: insertToken(Self.sceneTokens.map { $0 + "," }, into: &body)
            case 7: deleteRun(&head)
            case 8: body += body.prefix(random.below(max(1, body.count)))
            default: break
            }
        }
        if random.below(3) > 0, let remeasured = Self.remeasure(head, body: body) { head = remeasured }
        return head + body
    }

    /// Sets a `Content-Length` head's value to the body's length (so a mutated body reaches the decoder).
    static func remeasure(_ head: [UInt8], body: [UInt8]) -> [UInt8]? {
        let text = String(decoding: head, as: UTF8.self)
        guard let range = text.range(of: #"Content-Length: \d+"#, options: .regularExpression) else { return nil }
        return Array(text.replacingCharacters(in: range, with: "Content-Length: \(body.count)").utf8)
    }

    private mutating func flip(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
    }

    private mutating func deleteRun(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let start = random.below(bytes.count)
        bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(16)))
    }

    private mutating func insertToken(_ tokens: [String], into bytes: inout [UInt8]) {
        let at = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
        bytes.insert(contentsOf: Array(tokens[random.below(tokens.count)].utf8), at: at)
    }

    private mutating func insertHeader(into head: inout [UInt8]) {
        guard let firstLineEnd = head.firstIndex(of: 10) else { return }
        let line = Self.interesting[random.below(Self.interesting.count)]
        head.insert(contentsOf: Array((line + "\r\n").utf8), at: firstLineEnd + 1)
    }
}

extension SplitMix64 {
    /// A number in 0..<n (0 when n ≤ 1).
    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int.random(in: 0..<n, using: &self) }
}
