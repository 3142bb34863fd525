/* threads.h - the end of threads that wait on a flag, written once for
 * every thread devnum starts (a decompressor's, an archive's records', a
 * crew's): the flag set under the lock they meet by, every waiter woken,
 * each thread joined; then the lock and its conditions destroyed. */
#ifndef THREADS_H
#define THREADS_H

#include <pthread.h>
#include <stdbool.h>

static inline void threads_stop(pthread_mutex_t *lock, pthread_cond_t *wake, bool *flag,
				pthread_t *threads, unsigned n)
{
	pthread_mutex_lock(lock);
	*flag = true;
	pthread_cond_broadcast(wake);
	pthread_mutex_unlock(lock);
	for (unsigned i = 0; i < n; i++)
		pthread_join(threads[i], NULL);
}

/* The lock and its conditions, b NULL for one. */
static inline void meeting_free(pthread_mutex_t *lock, pthread_cond_t *a, pthread_cond_t *b)
{
	pthread_mutex_destroy(lock);
	pthread_cond_destroy(a);
	if (b)
		pthread_cond_destroy(b);
}

#endif
