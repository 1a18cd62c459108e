import CWaylandClient
import Glibc

/// A pipe a signal handler writes to so that a blocked wait wakes up (its read end; -1 until asked for).
nonisolated(unsafe) private var stopDescriptor: Int32 = -1
nonisolated(unsafe) private var stopWriter: Int32 = -1
nonisolated(unsafe) private var stopSignal: Int32 = 0

extension WaylandPresenter {
    /// Ends the presenter's waits when the process gets one of `signals` (e.g. SIGINT, SIGTERM): the wait
    /// in progress wakes, and `waitForFrame` returns nil from then on, as for a closed window, so a frame
    /// loop ends in order (its statistics can still be printed). `stoppedBySignal` names the signal that came.
    /// The signals are unblocked on the calling thread (a parent may have started the process with them blocked).
    public func stopOnSignals(_ signals: [Int32]) {
        if stopDescriptor < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return }
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            stopDescriptor = ends[0]
            stopWriter = ends[1]
        }
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for s in signals {
            signal(s) { received in
                stopSignal = received
                var one: UInt8 = 1
                _ = write(stopWriter, &one, 1)
            }
        }
    }

    /// The signal that stopped the presenter (see `stopOnSignals`), 0 if none came.
    public var stoppedBySignal: Int32 { stopSignal }

    /// Reads and dispatches events, blocking until at least one arrives or, when `stoppable`, a stop signal
    /// came (see `stopOnSignals`; the presenter then counts as closed).
    func dispatch(stoppable: Bool = true) throws {
        if stoppable && stopSignal != 0 { closed = true; return }
        guard stoppable, stopDescriptor >= 0 else {
            if wl_display_dispatch(display) < 0 { throw connectionError() }
            return
        }
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
        }
        try flush()
        var fds = [pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)]
        var ready: Int32
        repeat { ready = poll(&fds, 2, -1) } while ready < 0 && errno == EINTR && stopSignal == 0
        guard fds[0].revents != 0 else {
            wl_display_cancel_read(display)
            if stopSignal != 0 { closed = true }
            return
        }
        if wl_display_read_events(display) < 0 { throw connectionError() }
        if wl_display_dispatch_pending(display) < 0 { throw connectionError() }
    }
}
