import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head is not complete within `timeout`, counted from the connection's
/// opening or from the moment the end of the answer to its last request was written; a client that holds a half-sent head open
/// (slowloris) so loses its file descriptor. Sits after the HTTP decoder, so it sees whole request parts.
final class HeaderTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private let onTimeout: @Sendable () -> Void
    private var timer: Scheduled<Void>?
    private var headsRead = 0
    private var answersWritten = 0

    init(timeout: TimeAmount, onTimeout: @escaping @Sendable () -> Void = {}) {
        self.timeout = timeout
        self.onTimeout = onTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            headsRead += 1
            disarm()
        }
        context.fireChannelRead(data)
    }

    /// The timer for the next head starts when the answer's end has been written to the socket, not when it
    /// was queued: a client downloading a large answer slowly is not cut off by the header timeout.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        answersWritten += 1
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenSuccess { [self] in
            if answersWritten >= headsRead { arm(context) }
        }
        if let promise { written.futureResult.cascade(to: promise) }
        context.write(data, promise: written)
    }

    private func arm(_ context: ChannelHandlerContext) {
        disarm()
        let onTimeout = onTimeout
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            onTimeout()
            context.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}

@available(*, unavailable)
extension HeaderTimeoutHandler: Sendable {}
