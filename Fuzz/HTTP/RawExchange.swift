import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One request sent on a new TCP connection in pieces, and what came back until the server closed the
/// connection, a whole answer arrived, or the timeout passed.
struct RawExchange {
    var response: [UInt8] = []
    var timedOut = false

    /// The status code of the answer, when it starts as HTTP/1.1 does.
    var status: Int? {
        guard response.count >= 12, response.starts(with: Array("HTTP/1.1 ".utf8)) else { return nil }
        return Int(String(decoding: response[9..<12], as: UTF8.self))
    }

    /// True once a whole answer has arrived: its head and as many body bytes as its `Content-Length` says.
    var isComplete: Bool {
        let (head, body) = RequestMutator.split(response)
        let text = String(decoding: head, as: UTF8.self).lowercased()
        guard text.hasSuffix("\r\n\r\n") else { return false }
        if status == 304 || status == 204 { return true }
        guard let range = text.range(of: #"content-length: *\d+"#, options: .regularExpression),
              let length = Int(text[range].split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return false }
        return body.count >= length
    }

    static func send(_ request: [UInt8], port: Int, pieces: Int, timeout: Double) throws -> RawExchange {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FuzzFailure("socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw FuzzFailure("connect: errno \(errno)") }
        var wait = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        let size = max(1, request.count / max(1, pieces) + 1)
        var start = 0
        while start < request.count {
            let end = min(request.count, start + size)
            let sent = request[start..<end].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            start += sent
        }
        var exchange = RawExchange()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                exchange.response += buffer[0..<n]
                if exchange.isComplete { break }
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                break
            } else if Date() > deadline {
                exchange.timedOut = true
                break
            }
        }
        return exchange
    }
}
