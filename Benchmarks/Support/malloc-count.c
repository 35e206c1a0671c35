// Counts heap allocations, for `endpointkit-bench build-one` and `decode-one`, when preloaded:
//   gcc -O2 -shared -fPIC -o malloc-count.so malloc-count.c
//   LD_PRELOAD=./malloc-count.so endpointkit-bench build-one seed 100000
// Calls glibc's own entry points, so no dlsym (which allocates) is needed.
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static atomic_long allocations;

long endpointkit_bench_allocations(void) { return atomic_load(&allocations); }

void *malloc(size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (pointer == NULL) atomic_fetch_add(&allocations, 1);
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add(&allocations, 1);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add(&allocations, 1);
    return __libc_memalign(alignment, size);
}
