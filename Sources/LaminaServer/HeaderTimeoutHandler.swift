import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head is not complete within `timeout`, counted from the connection's
/// opening or from the end of the answer to its last request; a client that holds a half-sent head open
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

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answersWritten += 1
            if answersWritten >= headsRead { arm(context) }
        }
        context.write(data, promise: promise)
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
