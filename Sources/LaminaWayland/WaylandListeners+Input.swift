import CWaylandClient
import CWaylandProtocols
import Glibc

/// The listener tables of the seat and its devices (bound at `wl_seat` version 5 at most, so every event
/// of that version has a handler); each forwards to the presenter's `SeatInput`.
extension WaylandListeners {
    nonisolated(unsafe) static let seat: UnsafeMutablePointer<wl_seat_listener> = {
        var l = wl_seat_listener()
        l.capabilities = { data, _, caps in presenter(data).seatCapabilities(caps) }
        l.name = { _, _, _ in }
        return table(l)
    }()

    nonisolated(unsafe) static let pointer: UnsafeMutablePointer<wl_pointer_listener> = {
        var l = wl_pointer_listener()
        l.enter = { data, _, _, surface, x, y in presenter(data).input.pointerEnter(surface: surface, x: x, y: y) }
        l.leave = { data, _, _, surface in presenter(data).input.pointerLeave(surface: surface) }
        l.motion = { data, _, time, x, y in presenter(data).input.stamp(time); presenter(data).input.pointerMotion(x: x, y: y) }
        l.button = { data, _, _, time, button, state in
            presenter(data).input.stamp(time); presenter(data).input.pointerButton(button: button, state: state)
        }
        l.axis = { data, _, time, axis, value in presenter(data).input.stamp(time); presenter(data).input.pointerAxis(axis: axis, value: value) }
        l.frame = { _, _ in }
        l.axis_source = { _, _, _ in }
        l.axis_stop = { _, _, _, _ in }
        l.axis_discrete = { _, _, _, _ in }
        return table(l)
    }()

    nonisolated(unsafe) static let keyboard: UnsafeMutablePointer<wl_keyboard_listener> = {
        var l = wl_keyboard_listener()
        l.keymap = { data, _, format, fd, size in presenter(data).input.keyboardKeymap(format: format, fd: fd, size: size) }
        l.enter = { data, _, _, surface, _ in presenter(data).input.keyboardEnter(surface: surface) }
        l.leave = { data, _, _, _ in presenter(data).input.keyboardLeave() }
        l.key = { data, _, _, time, key, state in presenter(data).input.stamp(time); presenter(data).input.keyboardKey(key: key, state: state) }
        l.modifiers = { data, _, _, depressed, latched, locked, group in
            presenter(data).input.keyboardModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
        }
        l.repeat_info = { _, _, _, _ in }
        return table(l)
    }()

    nonisolated(unsafe) static let touch: UnsafeMutablePointer<wl_touch_listener> = {
        var l = wl_touch_listener()
        l.down = { data, _, _, time, surface, id, x, y in
            presenter(data).input.stamp(time); presenter(data).input.touchDown(surface: surface, id: id, x: x, y: y)
        }
        l.up = { data, _, _, time, id in presenter(data).input.stamp(time); presenter(data).input.touchUp(id: id) }
        l.motion = { data, _, time, id, x, y in presenter(data).input.stamp(time); presenter(data).input.touchMotion(id: id, x: x, y: y) }
        l.frame = { _, _ in }
        l.cancel = { data, _ in presenter(data).input.touchCancel() }
        return table(l)
    }()
}
