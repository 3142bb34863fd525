/* spawn.c - one-shot latency: runs a command N times, one after another,
 * output to /dev/null, and prints the wall seconds they took (an exit
 * status of 1 is an answer, as devnum's and cmp's are).  In C, so
 * that the harness adds as little as it can to what is measured. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	posix_spawn_file_actions_t fa;
	struct timespec a, b;
	int n = argc > 2 ? atoi(argv[1]) : 0, status;
	if (n <= 0) {
		fprintf(stderr, "usage: spawn N COMMAND [ARG...]\n");
		return 2;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (int i = 0; i < n; i++) {
		pid_t pid;
		if (posix_spawn(&pid, argv[2], &fa, NULL, argv + 2, environ) != 0 ||
		    waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) > 1) {
			fprintf(stderr, "spawn: %s failed\n", argv[2]);
			return 1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.6f\n", (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
