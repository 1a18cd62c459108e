#include "temp_cleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { slot_count = 16, path_capacity = 4096 };
enum { slot_free = 0, slot_filling = 1, slot_ready = 2, slot_claimed = 3 };

static _Atomic int slot_state[slot_count];
static char slot_path[slot_count][path_capacity];
static const int handled_signals[] = { SIGTERM, SIGINT, SIGHUP };
static struct sigaction previous_actions[3];
static atomic_flag installed = ATOMIC_FLAG_INIT;

static void remove_temporary_files(int signal_number) {
    for (int i = 0; i < slot_count; i++) {
        int expected = slot_ready;
        if (atomic_compare_exchange_strong(&slot_state[i], &expected, slot_claimed)) {
            unlink(slot_path[i]);
        }
    }
    for (int i = 0; i < 3; i++) {
        if (handled_signals[i] == signal_number) {
            sigaction(signal_number, &previous_actions[i], NULL);
        }
    }
    raise(signal_number);
}

int lamina_temp_cleanup_install(void) {
    if (atomic_flag_test_and_set(&installed)) {
        return 0;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_temporary_files;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; i++) {
        sigaddset(&action.sa_mask, handled_signals[i]);
    }
    for (int i = 0; i < 3; i++) {
        if (sigaction(handled_signals[i], NULL, &previous_actions[i]) != 0) {
            return -1;
        }
        if (previous_actions[i].sa_handler == SIG_IGN) {
            continue;
        }
        if (sigaction(handled_signals[i], &action, NULL) != 0) {
            return -1;
        }
    }
    return 0;
}

int lamina_temp_cleanup_register(const char *path) {
    size_t length = strlen(path);
    if (length >= path_capacity) {
        return -1;
    }
    for (int i = 0; i < slot_count; i++) {
        int expected = slot_free;
        if (atomic_compare_exchange_strong(&slot_state[i], &expected, slot_filling)) {
            memcpy(slot_path[i], path, length + 1);
            atomic_store(&slot_state[i], slot_ready);
            return i;
        }
    }
    return -1;
}

void lamina_temp_cleanup_release(int slot) {
    if (slot < 0 || slot >= slot_count) {
        return;
    }
    int expected = slot_ready;
    atomic_compare_exchange_strong(&slot_state[slot], &expected, slot_free);
}
