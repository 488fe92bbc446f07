build-x/dealer/base/outset.o: dealer/base/outset.c dealer/base/base.h
dealer/base/base.h:
