build-x/dealer/base/hash.o: dealer/base/hash.c dealer/base/base.h
dealer/base/base.h:
