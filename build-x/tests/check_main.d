build-x/tests/check_main.o: tests/check_main.c tests/check_suites.h
tests/check_suites.h:
