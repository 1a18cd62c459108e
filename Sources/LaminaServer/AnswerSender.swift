import Foundation
import Hummingbird
import NIOCore

/// Sends image answers out of a budget of bytes in flight. An answer reserves its size when it is ready and
/// is written to the connection in pieces, each only when the connection takes more (NIO's back pressure),
/// so a client that never reads holds at most one piece in the connection and its answer's reservation in
/// the budget — never memory outside it. The reservation is given back when the last piece is taken, when
/// the connection fails, or when the answer is dropped unsent.
struct AnswerSender: Sendable {
    let budget: ByteBudget

    /// The size of the pieces an answer is written in.
    static let piece = 64 * 1024

    /// Takes `bytes` from the budget; nil when that would pass its limit.
    func reserve(_ bytes: Int) -> Reservation? {
        budget.reserve(bytes) ? Reservation(budget: budget, bytes: bytes) : nil
    }

    /// Bytes taken from the budget for one answer, given back once (explicitly, or when dropped).
    final class Reservation: @unchecked Sendable {
        private let budget: ByteBudget
        private let lock = NSLock()
        private var bytes: Int

        init(budget: ByteBudget, bytes: Int) {
            self.budget = budget
            self.bytes = bytes
        }

        func release() {
            let held = lock.withLock { () -> Int in
                defer { bytes = 0 }
                return bytes
            }
            budget.release(held)
        }

        deinit { release() }
    }

    /// A body that writes `bytes` in pieces and then gives `reservation` back.
    static func body(_ bytes: [UInt8], reservation: Reservation) -> ResponseBody {
        ResponseBody(contentLength: bytes.count) { writer in
            defer { reservation.release() }
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + piece)
                try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                start = end
            }
            try await writer.finish(nil)
        }
    }
}
