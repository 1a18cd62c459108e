import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to a loopback port, for sending what an HTTP client never would (half a
/// request head, a broken chunk size) and watching how the server answers. Non-blocking: waits sleep the
/// task instead of a thread, so an in-process server keeps its cooperative threads.
final class RawConnection {
    let fd: Int32
    var received: [UInt8] = []
    /// Whether the server closed (or reset) the connection.
    var closedByPeer = false

    struct Failure: Error { let what: String }

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(what: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(what: "connect to \(port): errno \(errno)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// The received bytes as text.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// Sends all of `text` (fails when the server already closed the connection).
    func send(_ text: String) async throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 {
                bytes = bytes.dropFirst(n)
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                try await Task.sleep(for: .milliseconds(5))
            } else {
                throw Failure(what: "send: errno \(errno)")
            }
        }
    }

    /// Reads until the server closes the connection or `timeout` passes; returns whether it closed.
    @discardableResult
    func readUntilClosed(within timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !closedByPeer {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                received += buffer[0..<n]
            } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                closedByPeer = true
            } else if ContinuousClock.now >= deadline {
                return false
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        return true
    }

    /// Reads until the received bytes contain `marker` (or the connection closes, or `timeout` passes).
    func read(until marker: String, within timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !text.contains(marker) && !closedByPeer && ContinuousClock.now < deadline {
            try await readUntilClosed(within: .milliseconds(20))
        }
    }

    /// The status code of the first response received, if any.
    var status: Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}

extension RawConnection {
    /// Reads what has arrived, at most `limit` bytes, then returns (a slow reader sleeps between calls).
    func readSome(upTo limit: Int) async throws {
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var taken = 0
        while taken < limit {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, limit - taken), 0) }
            if n > 0 {
                buffer.withUnsafeBufferPointer { received.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<n])) }
                taken += n
            } else {
                if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { closedByPeer = true }
                return
            }
        }
    }
}

extension RawConnection {
    /// The offset of the first byte after the first response head, once it has arrived.
    var headerEnd: Int? {
        guard received.count >= 4 else { return nil }
        return received.withUnsafeBufferPointer { bytes in
            for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
                return i + 4
            }
            return nil
        }
    }
}
